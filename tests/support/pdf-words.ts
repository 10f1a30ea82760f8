import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { withTempFile } from './pdf-tools.js';

/** A word as `pdftotext -bbox` places it: points from the top-left corner of the page as shown. */
export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface WordPage {
  width: number;
  height: number;
  words: Word[];
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of every page of a PDF with its box, as poppler's pdftotext reads them. */
export function pdfWords(pdf: Buffer): WordPage[] {
  const html = withTempFile('document.pdf', pdf, (file) => {
    const out = `${file}.html`;
    const run = spawnSync('pdftotext', ['-bbox', file, out], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext -bbox failed: ${run.stderr}`);
    return fs.readFileSync(out, 'utf8');
  });
  const pages: WordPage[] = [];
  for (const page of html.split('<page ').slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
    const words = [
      ...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ].map((m) => ({ xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: unescape(m[5]!) }));
    pages.push({ width: +size[1]!, height: +size[2]!, words });
  }
  return pages;
}

export function overlaps(a: Word, b: Word): boolean {
  return a.xMin < b.xMax && b.xMin < a.xMax && a.yMin < b.yMax && b.yMin < a.yMax;
}

/**
 * What was added to an uploaded page, against the same page of the original: the original's words are
 * found again at one offset (the page may have grown above it); every other word is an addition.
 * Answers the additions, the original's words as placed on the new page, and those not found again.
 */
export function compareWithOriginal(original: WordPage, now: WordPage) {
  const first = original.words[0]!;
  const anchor = now.words.find((w) => w.text === first.text && Math.abs(w.xMin - first.xMin) < 0.5)!;
  const dy = anchor ? anchor.yMin - first.yMin : 0;
  const placed = original.words.map((w) => ({ ...w, yMin: w.yMin + dy, yMax: w.yMax + dy }));
  const remaining = [...now.words];
  const lost: Word[] = [];
  for (const w of placed) {
    const at = remaining.findIndex(
      (r) => r.text === w.text && Math.abs(r.xMin - w.xMin) < 0.5 && Math.abs(r.yMin - w.yMin) < 0.5,
    );
    if (at < 0) lost.push(w);
    else remaining.splice(at, 1);
  }
  return { added: remaining, placed, lost };
}
