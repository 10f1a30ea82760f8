import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachClause, clauseLabel, normaliseWording } from '@shared/clause-attach.js';
import { type DocumentClause, splitClauses } from '@shared/clause-split.js';
import { readPdfText } from '@server/services/pdf-text.js';
import { NUMBERED_SECTIONS, numberedNdaPdf } from '../../../support/numbered-nda.js';

const mutualPdf = fs.readFileSync(path.join('tests', 'fixtures', 'ndas', 'mutual-nda.pdf'));

describe('the clauses of the real mutual NDA', () => {
  let clauses: DocumentClause[];
  const byKey = (key: string) => clauses.find((c) => c.key === key)!;

  it('reads the cover-page table of terms as one clause per row', async () => {
    clauses = splitClauses(await readPdfText(mutualPdf));
    const rows = clauses.filter((c) => c.key.startsWith('h-')).map((c) => c.heading);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Purpose',
        'Effective Date',
        'MNDA Term',
        'Term of Confidentiality',
        'Governing Law & Jurisdiction',
        'MNDA Modifications',
      ]),
    );
    const law = byKey('h-governing-law-jurisdiction');
    expect(law.number).toBeNull();
    expect(law.text).toBe('Governing Law: [California] Jurisdiction: [courts located in Los Angeles County, CA]');
    expect(law.pages).toEqual([1]);
  });

  it('reads the eleven numbered standard terms with their headings, in order', () => {
    const numbered = clauses.filter((c) => c.number !== null);
    expect(numbered.map((c) => c.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(byKey('s9').heading).toBe('Governing Law and Jurisdiction');
    expect(byKey('s2').heading).toBe('Use and Protection of Confidential Information');
    expect(byKey('s2').text.startsWith('The Receiving Party shall: (a) use Confidential Information')).toBe(true);
    // Inline "(a)", "(b)" and a wrapped line starting "(1)" stay inside their section.
    expect(clauses.some((c) => c.number === '(a)' || c.number === '(1)')).toBe(false);
    expect(byKey('s2').pages).toEqual([2, 3]);
    expect(byKey('s2').boxes.map((b) => b.page)).toEqual([2, 3]);
  });

  it('gives boxes inside the page, around the clause’s lines', () => {
    for (const c of clauses)
      for (const b of c.boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(1);
        expect(b.y + b.height).toBeLessThanOrEqual(1);
        expect(b.width).toBeGreaterThan(0);
        expect(b.height).toBeGreaterThan(0);
      }
    const [law] = byKey('h-governing-law-jurisdiction').boxes;
    // pdftotext -bbox puts "Governing Law: [California]" at y 0.77-0.79 of page 1.
    expect(law!.y).toBeLessThan(0.77);
    expect(law!.y + law!.height).toBeGreaterThan(0.79);
  });

  it('gives unique keys, the same on a second reading', async () => {
    expect(new Set(clauses.map((c) => c.key)).size).toBe(clauses.length);
    const again = splitClauses(await readPdfText(mutualPdf));
    expect(again.map((c) => c.key)).toEqual(clauses.map((c) => c.key));
  });

  it('attaches a thread by its pointer, else by its quote', () => {
    const [box] = byKey('s9').boxes;
    const inS9 = { page: box!.page, x: box!.x + 0.1, y: box!.y + box!.height / 2 };
    expect(attachClause(clauses, { quote: null, pointers: [inS9] })).toEqual({
      key: 's9',
      number: '9',
      heading: 'Governing Law and Jurisdiction',
    });
    const farAway = { page: 1, x: 0.99, y: 0.99 };
    expect(attachClause(clauses, { quote: 'Governing Law: [California]', pointers: [farAway] })?.key).toBe(
      'h-governing-law-jurisdiction',
    );
    expect(
      attachClause(clauses, {
        quote: 'governing law  [california]  jurisdiction: [courts located',
        pointers: [],
      })?.key,
    ).toBe('h-governing-law-jurisdiction');
    expect(attachClause(clauses, { quote: 'words written nowhere in it', pointers: [farAway] })).toBeNull();
  });
});

describe('the clauses of a generated numbered NDA', () => {
  it('reads sections, lettered items and subsections, over two pages', async () => {
    const clauses = splitClauses(await readPdfText(await numberedNdaPdf()));
    expect(clauses.map((c) => c.key)).toEqual([
      's1',
      's2',
      's2(a)',
      's2(b)',
      's2(c)',
      's3',
      's3.1',
      's3.2',
      's4',
      's5',
      's6',
    ]);
    for (const s of NUMBERED_SECTIONS) {
      const c = clauses.find((k) => k.key === `s${s.number}`)!;
      expect(c.heading).toBe(s.heading);
      expect(c.text).toBe(s.body);
    }
    expect(clauses.find((c) => c.key === 's2(b)')!.text).toBe(
      'not disclose it to any person except its Representatives; and',
    );
    expect(clauses.find((c) => c.key === 's3.2')!.number).toBe('3.2');
    expect(clauses.find((c) => c.key === 's6')!.pages).toEqual([2]);
    expect(clauses.find((c) => c.key === 's1')!.pages).toEqual([1]);
  });
});

describe('wordings and labels', () => {
  it('compares wordings without case, spacing or punctuation', () => {
    expect(normaliseWording('Governing Law: [California].')).toBe(normaliseWording('governing  law california'));
    expect(normaliseWording('12 months')).not.toBe(normaliseWording('24 months'));
  });

  it('labels a numbered clause with its section sign', () => {
    expect(clauseLabel({ key: 's9', number: '9', heading: 'Governing Law' })).toBe('§ 9 Governing Law');
    expect(clauseLabel({ key: 'h-purpose', number: null, heading: 'Purpose' })).toBe('Purpose');
  });
});
