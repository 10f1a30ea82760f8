import path from 'node:path';

/** The name a stored PDF is downloaded as: the uploaded file's, with a .pdf extension (Word files are converted). */
export function pdfDownloadName(filename: string | undefined, fallback: string): string {
  const base = path
    .basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/\.[^.]*$/, '')
    .split('')
    .filter((c) => c >= ' ') // drops control characters
    .join('')
    .trim();
  return `${(base || fallback).slice(0, 200)}.pdf`;
}
