import type { ClauseBox, DocumentClause } from './clause-split.js';

/** The clause a thread speaks about, as threads carry it. */
export interface ClauseRef {
  key: string;
  number: string | null;
  heading: string | null;
}

/** How far outside a clause's box a pointer still falls in it: about half a line of body text. */
const BOX_MARGIN = 0.008;

/**
 * A wording compared with another: Unicode-normalised, case-folded, punctuation dropped, whitespace runs
 * as one space. "Governing Law: [California]." and "governing law california" are the same wording.
 */
export function normaliseWording(text: string | null): string {
  return (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function inside(box: ClauseBox, p: { page: number; x: number; y: number }): boolean {
  return (
    box.page === p.page &&
    p.x >= box.x - BOX_MARGIN &&
    p.x <= box.x + box.width + BOX_MARGIN &&
    p.y >= box.y - BOX_MARGIN &&
    p.y <= box.y + box.height + BOX_MARGIN
  );
}

/**
 * Each clause's heading and text as normaliseWording writes them, worked out once per list of clauses:
 * a view attaches thousands of threads to the same document's clauses.
 */
const normalisedTexts = new WeakMap<readonly DocumentClause[], Map<DocumentClause, string>>();

function textsOf(clauses: readonly DocumentClause[]): Map<DocumentClause, string> {
  let texts = normalisedTexts.get(clauses);
  if (!texts) {
    texts = new Map(clauses.map((c) => [c, normaliseWording(`${c.heading ?? ''} ${c.text}`)]));
    normalisedTexts.set(clauses, texts);
  }
  return texts;
}

/** The label a card shows: "§ 9 Governing Law", "§ 2(a)", or the heading of a headed paragraph. */
export function clauseLabel(clause: ClauseRef): string {
  const number = clause.number?.replace(/\.$/, '') ?? null;
  return [number !== null ? `§ ${number}` : null, clause.heading].filter(Boolean).join(' ');
}

/**
 * The clause a thread falls in. Its first pointer's clause (the one whose box holds it), unless its quote
 * is elsewhere: then the clause whose text holds the quote (the one on the pointer's page when several
 * do), or, for a quote running over two clauses, the clause that holds its start. Null when neither fits.
 */
export function attachClause(
  clauses: DocumentClause[],
  thread: { quote: string | null; pointers: Array<{ page: number; x: number; y: number }> },
): ClauseRef | null {
  const ref = (c: DocumentClause): ClauseRef => ({ key: c.key, number: c.number, heading: c.heading });
  const first = thread.pointers[0];
  const hit = first ? clauses.find((c) => c.boxes.some((b) => inside(b, first))) : undefined;
  const quote = normaliseWording(thread.quote);
  if (!quote) return hit ? ref(hit) : null;
  const texts = textsOf(clauses);
  let holding = clauses.filter((c) => texts.get(c)!.includes(quote));
  if (!holding.length) {
    const start = quote.split(' ').slice(0, 6).join(' ');
    if (start.length >= 12) holding = clauses.filter((c) => texts.get(c)!.includes(start));
  }
  if (hit && (!holding.length || holding.includes(hit))) return ref(hit);
  const onPage = first ? holding.find((c) => c.pages.includes(first.page)) : undefined;
  const chosen = onPage ?? holding[0];
  return chosen ? ref(chosen) : null;
}

/**
 * A pointer on a clause's boxes, `share` (0 to 1) of the way through its text: its boxes are read in
 * order as one column of lines, and the point sits at the left edge of the line that far down. Where a
 * thread made without a click on the page (a Word mark-up's change) points. Null for a clause with no box.
 */
export function pointInClause(clause: DocumentClause, share: number): { page: number; x: number; y: number } | null {
  const total = clause.boxes.reduce((sum, b) => sum + b.height, 0);
  let down = Math.min(Math.max(share, 0), 1) * total;
  for (const [i, box] of clause.boxes.entries()) {
    if (down <= box.height || i === clause.boxes.length - 1) {
      const clamp = (v: number) => Math.min(Math.max(v, 0), 1);
      return { page: box.page, x: clamp(box.x), y: clamp(box.y + Math.min(down, box.height)) };
    }
    down -= box.height;
  }
  return null;
}
