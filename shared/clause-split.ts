/**
 * An NDA as clauses: its text, with the position of every run of text, split into numbered sections
 * ("1.", "1.1", "(a)"), headed paragraphs and the rows of a cover-page table of terms. Pure: the server
 * feeds it the text pdf.js reads from the stored PDF (server/services/pdf-text.ts) and stores the answer.
 */

/** A run of text as the PDF draws it, in fractions of its page (top-left origin): y is its baseline. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  /** The run's font height, as a fraction of the page's height. */
  height: number;
  font: string;
}

export interface TextPage {
  page: number;
  runs: TextRun[];
}

/** A rectangle on one page, in fractions of its width and height, from its top-left corner. */
export interface ClauseBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DocumentClause {
  /** Stable across copies and re-uploads of the same structure: "s9", "s2.1", "s2(a)", "h-governing-law". */
  key: string;
  /** As the document writes it ("9", "2.1", "(a)"), or null for a headed paragraph. */
  number: string | null;
  heading: string | null;
  text: string;
  pages: number[];
  boxes: ClauseBox[];
}

interface Line {
  page: number;
  text: string;
  x: number;
  top: number;
  bottom: number;
  right: number;
  height: number;
  /** The font of most of the line's characters. */
  font: string;
}

/** Runs whose baselines are closer than this share a line (a fraction of their height). */
const SAME_LINE = 0.35;
/** A heading is at most this many words. */
const HEADING_WORDS = 8;

function linesOf(page: TextPage): Line[] {
  const runs = page.runs.filter((r) => r.text.trim() && r.height > 0).sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const run of runs) {
    const last = groups.at(-1);
    if (last && Math.abs(last[0]!.y - run.y) <= SAME_LINE * Math.max(run.height, last[0]!.height)) last.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => {
    const sorted = [...group].sort((a, b) => a.x - b.x);
    let text = '';
    let right = -1;
    for (const r of sorted) {
      const gap = right >= 0 && r.x - right > r.height * 0.15;
      text += (gap && !text.endsWith(' ') && !r.text.startsWith(' ') ? ' ' : '') + r.text;
      right = Math.max(right, r.x + r.width);
    }
    const chars = new Map<string, number>();
    for (const r of sorted) chars.set(r.font, (chars.get(r.font) ?? 0) + r.text.trim().length);
    const font = [...chars].sort((a, b) => b[1] - a[1])[0]![0];
    const height = Math.max(...sorted.map((r) => r.height));
    const bottom = Math.max(...sorted.map((r) => r.y));
    return {
      page: page.page,
      text: text.replace(/\s+/g, ' ').trim(),
      x: sorted[0]!.x,
      top: Math.min(...sorted.map((r) => r.y - r.height)),
      bottom: bottom + height * 0.25,
      right,
      height,
      font,
    };
  });
}

/** The font most of the document's characters are set in. */
function bodyFont(lines: Line[]): string {
  const chars = new Map<string, number>();
  for (const l of lines) chars.set(l.font, (chars.get(l.font) ?? 0) + l.text.length);
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ROMANS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];

type Marker = { kind: 'top'; n: number } | { kind: 'sub'; parts: number[] } | { kind: 'letter'; label: string };

function markerOf(text: string): { marker: Marker; label: string; rest: string } | null {
  let m = /^(\d{1,2})\.(?!\d)\s*(.*)$/.exec(text);
  if (m) return { marker: { kind: 'top', n: Number(m[1]) }, label: m[1]!, rest: m[2]! };
  m = /^(\d{1,2}(?:\.\d{1,2}){1,3})\.?\s+(.*)$/.exec(text);
  if (m) return { marker: { kind: 'sub', parts: m[1]!.split('.').map(Number) }, label: m[1]!, rest: m[2]! };
  m = /^\(([a-z]{1,4})\)\s+(.*)$/.exec(text);
  if (m) return { marker: { kind: 'letter', label: m[1]! }, label: `(${m[1]})`, rest: m[2]! };
  return null;
}

/** Whether a letter or roman marker follows the previous one of its list ("(a)" starts one). */
function followsLetter(label: string, previous: string | null): boolean {
  if (previous === null) return label === 'a' || label === 'i';
  const li = LETTERS.indexOf(previous);
  if (label.length === 1 && li >= 0 && LETTERS[li + 1] === label) return true;
  const ri = ROMANS.indexOf(previous);
  return ri >= 0 && ROMANS[ri + 1] === label;
}

function isTitleLike(text: string): boolean {
  const words = text.split(' ').filter(Boolean);
  if (!words.length || words.length > HEADING_WORDS || /[.;:,]$/.test(text)) return false;
  if (!/^[A-Z0-9]/.test(text) || !/[A-Za-z]/.test(text)) return false;
  const small = /^(a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|with|&)$/i;
  return words.every((w) => small.test(w) || /^[A-Z0-9("“]/.test(w));
}

/** The heading a numbered clause opens with: "Governing Law. This MNDA…" or a line of its own. */
function headingOf(rest: string, wholeLine: boolean): { heading: string | null; body: string } {
  const m = /^([^.]{1,90}?)\.\s+(.*)$/.exec(rest) ?? /^([^.]{1,90}?)\.$/.exec(rest);
  if (m && isTitleLike(m[1]!.trim())) return { heading: m[1]!.trim(), body: m[2] ?? '' };
  if (wholeLine && isTitleLike(rest.trim())) return { heading: rest.trim(), body: '' };
  return { heading: null, body: rest };
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 48) || 'clause'
  );
}

interface Draft {
  key: string;
  number: string | null;
  heading: string | null;
  parts: string[];
  lines: Line[];
}

function boxesOf(lines: Line[]): ClauseBox[] {
  const byPage = new Map<number, Line[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  return [...byPage].map(([page, ls]) => {
    const x = Math.min(...ls.map((l) => l.x));
    const y = Math.min(...ls.map((l) => l.top));
    const right = Math.max(...ls.map((l) => l.right));
    const bottom = Math.max(...ls.map((l) => l.bottom));
    const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
    return { page, x: round(x), y: round(y), width: round(right - x), height: round(bottom - y) };
  });
}

/** Splits a document's text into clauses, in reading order. */
export function splitClauses(pages: TextPage[]): DocumentClause[] {
  const lines = pages.flatMap(linesOf);
  const body = bodyFont(lines);
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  let top: number | null = null;
  let sub: string | null = null;
  let letter: string | null = null;
  let previous: Line | null = null;
  const open = (draft: Draft) => {
    drafts.push(draft);
    current = draft;
  };
  for (const line of lines) {
    const prev: Line | null = previous;
    previous = line;
    // A new paragraph: after a sentence or list item ends ("…; and"), after a gap wider than a line, or at the top of a page.
    const paragraphStart =
      !prev ||
      prev.page !== line.page ||
      /[.;:]["”)]?$|[;,]\s*(and|or)$/i.test(prev.text) ||
      line.top - prev.bottom > line.height * 0.6 ||
      Math.abs(line.x - prev.x) > 0.01;
    const found = paragraphStart ? markerOf(line.text) : null;
    if (found) {
      const { marker, label, rest } = found;
      let number: string | null = null;
      if (marker.kind === 'top' && (top === null ? marker.n <= 1 || !drafts.length : marker.n === top + 1)) {
        top = marker.n;
        sub = null;
        letter = null;
        number = label;
      } else if (marker.kind === 'sub' && top !== null && marker.parts[0] === top) {
        sub = label;
        letter = null;
        number = label;
      } else if (marker.kind === 'letter' && top !== null && followsLetter(marker.label, letter)) {
        letter = marker.label;
        number = label;
      }
      if (number !== null) {
        const { heading, body: text } = headingOf(rest, true);
        const parent = marker.kind === 'letter' ? (sub ?? String(top)) : '';
        open({ key: `s${parent}${number}`, number, heading, parts: text ? [text] : [], lines: [line] });
        continue;
      }
    }
    const isHeading =
      line.font !== body && paragraphStart && isTitleLike(line.text) && !markerOf(line.text) && line.text.length > 2;
    if (isHeading) {
      open({ key: `h-${slug(line.text)}`, number: null, heading: line.text, parts: [], lines: [line] });
      continue;
    }
    if (!current) open({ key: 'preamble', number: null, heading: null, parts: [], lines: [] });
    current!.parts.push(line.text);
    current!.lines.push(line);
  }
  const seen = new Map<string, number>();
  return drafts
    .filter((d) => d.parts.length)
    .map((d) => {
      const n = (seen.get(d.key) ?? 0) + 1;
      seen.set(d.key, n);
      return {
        key: n === 1 ? d.key : `${d.key}-${n}`,
        number: d.number,
        heading: d.heading,
        text: d.parts.join(' ').replace(/\s+/g, ' ').trim(),
        pages: [...new Set(d.lines.map((l) => l.page))],
        boxes: boxesOf(d.lines),
      };
    });
}
