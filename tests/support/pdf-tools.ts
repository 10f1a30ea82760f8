import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** poppler-utils' command-line tools, for reading PDFs as a reader would. */
function has(tool: string): boolean {
  const probe = spawnSync(tool, ['-v'], { encoding: 'utf8' });
  return !(probe.error && (probe.error as NodeJS.ErrnoException).code === 'ENOENT');
}
export const HAS_PDFTOTEXT = has('pdftotext');
export const HAS_PDFSIG = has('pdfsig');

/** Runs `use` on `body` written to a file named `name` in a folder of its own, removed afterwards. */
export function withTempFile<T>(name: string, body: Buffer, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-pdf-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, body);
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pdfinfo's report on a file: pages, its producer, whether it carries JavaScript... */
export function pdfinfo(pdf: Buffer): string {
  return withTempFile('file.pdf', pdf, (file) => spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout);
}

/** pdfsig's report on a PDF's digital signatures (stdout and stderr). */
export function pdfsig(pdf: Buffer): string {
  const out = withTempFile('document.pdf', pdf, (file) => spawnSync('pdfsig', [file], { encoding: 'utf8' }));
  return `${out.stdout}\n${out.stderr}`;
}

/** The text of a PDF in reading order, whitespace runs as one space. */
export function pdfText(pdf: Buffer): string {
  const out = withTempFile('document.pdf', pdf, (file) =>
    spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  );
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
  return out.stdout.replace(/\s+/g, ' ');
}

/**
 * The text of each page of a PDF (pdftotext's pages, split at its form feeds), whitespace runs as one
 * space; with `layout`, read in the page's physical layout (pdftotext -layout), as pdfText reads it.
 */
export function pdfPagesText(pdf: Buffer, opts: { noDiagonal?: boolean; layout?: boolean } = {}): string[] {
  const flags = [...(opts.noDiagonal ? ['-nodiag'] : []), ...(opts.layout ? ['-layout'] : [])];
  const out = withTempFile('document.pdf', pdf, (file) =>
    spawnSync('pdftotext', [...flags, file, '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
  const pages = out.stdout.split('\f').map((p) => p.replace(/\s+/g, ' ').trim());
  // pdftotext ends the last page with a form feed too.
  return pages.slice(0, -1);
}
