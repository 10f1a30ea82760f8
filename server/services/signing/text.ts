import type { PDFFont } from 'pdf-lib';
import { plainUtcDate as plainDate } from '@shared/utc-dates.js';

/** Keeps only characters the standard font can draw (WinAnsi), so any name or comment renders. */
export function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC')) out += supported.has(ch.codePointAt(0)!) ? ch : ch === '\n' ? ' ' : '?';
  return out;
}

/** Splits text into lines no wider than maxWidth at the given size. */
export function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const words = drawable(font, text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A single word wider than the line is cut.
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** A moment as the certificate records it: "2026-11-23 10:00:00 UTC". */
export function formatUtc(iso: string): string {
  return `${iso.replace('T', ' ').slice(0, 19)} UTC`;
}

/** A signing date as people write it, in UTC: "23 November 2026". */
export function plainUtcDate(iso: string): string {
  return plainDate(new Date(iso));
}
