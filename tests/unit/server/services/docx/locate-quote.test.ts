import { describe, expect, it } from 'vitest';
import { findQuote, segmentsOf, type SourceParagraph } from '@server/services/docx/locate-quote.js';

const PARAGRAPHS: SourceParagraph[] = [
  { number: null, heading: 'Governing Law & Jurisdiction', text: 'Governing Law: [California] Jurisdiction: [courts]' },
  { number: '9', heading: 'Governing Law', text: 'This MNDA is governed by the laws of the State of California.' },
];
const whole = (p: SourceParagraph) =>
  segmentsOf(p)
    .map((s) => s.text)
    .join('');

describe('findQuote', () => {
  it('finds a quote whatever its spacing and line breaks, with its own brackets', () => {
    const at = findQuote(PARAGRAPHS, 'Governing  Law:\n[California]')!;
    expect(at.paragraph).toBe(0);
    expect(whole(PARAGRAPHS[0]!).slice(at.start, at.end)).toBe('Governing Law: [California]');
  });

  it('looks in the thread’s clause first when the words are in several', () => {
    expect(findQuote(PARAGRAPHS, 'California')!.paragraph).toBe(0);
    const at = findQuote(PARAGRAPHS, 'California', 1)!;
    expect(at.paragraph).toBe(1);
    expect(whole(PARAGRAPHS[1]!).slice(at.start, at.end)).toBe('California');
  });

  it('answers null for words that are not in one paragraph, or no words at all', () => {
    expect(findQuote(PARAGRAPHS, 'New York')).toBeNull();
    expect(findQuote(PARAGRAPHS, ' … ')).toBeNull();
  });

  it('writes the number and heading as a bold lead before the text', () => {
    expect(segmentsOf(PARAGRAPHS[1]!)).toEqual([
      { text: '9 Governing Law. ', bold: true, start: 0 },
      { text: PARAGRAPHS[1]!.text, bold: false, start: 17 },
    ]);
  });
});
