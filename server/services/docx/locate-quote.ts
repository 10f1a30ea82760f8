/** One paragraph of a document: a clause's number and heading (in bold) and its text. */
export interface SourceParagraph {
  number?: string | null;
  heading?: string | null;
  text: string;
  /** The document's title (written in Word's Title style). */
  title?: boolean;
}

/** A run of a paragraph's text, from `start` in the paragraph's whole text. */
export interface Segment {
  text: string;
  bold: boolean;
  start: number;
}

/** Where a quote lies: a paragraph and a range of its whole text (segments joined). */
export interface Located {
  paragraph: number;
  start: number;
  end: number;
}

/** The paragraph's runs: "9." and "Governing Law." in bold, then its text. */
export function segmentsOf(p: SourceParagraph): Segment[] {
  const parts: Array<{ text: string; bold: boolean }> = [];
  const lead = [p.number, p.heading].filter(Boolean).join(' ');
  if (lead) parts.push({ text: p.text ? `${lead}${/[.:]$/.test(lead) ? '' : '.'} ` : lead, bold: true });
  if (p.text) parts.push({ text: p.text, bold: false });
  let start = 0;
  return parts.map((part) => {
    const s = { ...part, start };
    start += part.text.length;
    return s;
  });
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The letters and digits of a text, lower-cased, with the index each came from. */
function normalised(text: string): { chars: string; from: number[] } {
  let chars = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (WORD_CHAR.test(c)) {
      chars += c.toLowerCase();
      from.push(i);
    }
  }
  return { chars, from };
}

/** The characters before a text's first letter or digit, or after its last. */
function edge(text: string, side: 'head' | 'tail'): string {
  const trimmed = text.trim();
  return (side === 'head' ? /^[^\p{L}\p{N}]*/u : /[^\p{L}\p{N}]*$/u).exec(trimmed)![0];
}

/**
 * The first place a quote appears in the document, comparing letters and digits only: a quote taken
 * from the PDF keeps its words however it was spaced, punctuated or broken across lines. The paragraph
 * `prefer` (the thread's clause) is searched first, so words found in several clauses are marked where
 * the thread was made. Null when it is not within one paragraph.
 */
export function findQuote(paragraphs: readonly SourceParagraph[], quote: string, prefer?: number): Located | null {
  const wanted = normalised(quote).chars;
  if (!wanted) return null;
  const order = [...paragraphs.keys()];
  if (prefer !== undefined && prefer >= 0 && prefer < order.length) order.unshift(...order.splice(prefer, 1));
  for (const paragraph of order) {
    const p = paragraphs[paragraph]!;
    const whole = segmentsOf(p)
      .map((s) => s.text)
      .join('');
    const { chars, from } = normalised(whole);
    const at = chars.indexOf(wanted);
    if (at < 0) continue;
    // The quote's own punctuation at either end ("[California]") is part of what it quotes.
    let start = from[at]!;
    let end = from[at + wanted.length - 1]! + 1;
    for (const c of [...edge(quote, 'head')].reverse())
      if (whole[start - 1] === c) start--;
      else break;
    for (const c of edge(quote, 'tail'))
      if (whole[end] === c) end++;
      else break;
    return { paragraph, start, end };
  }
  return null;
}

/**
 * The paragraph of the document that holds a mark-up paragraph's text (its first 60 letters and digits),
 * so that a short quote ("shall", "are") is looked for first in the clause it was changed in.
 */
export function paragraphHolding(paragraphs: readonly SourceParagraph[], context: string): number | undefined {
  const probe = normalised(context).chars.slice(0, 60);
  // Too little text to tell one clause from another.
  if (probe.length < 20) return undefined;
  const at = paragraphs.findIndex((p) =>
    normalised(
      segmentsOf(p)
        .map((s) => s.text)
        .join(''),
    ).chars.includes(probe),
  );
  return at < 0 ? undefined : at;
}
