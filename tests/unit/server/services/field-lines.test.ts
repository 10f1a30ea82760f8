import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { fieldLines } from '@server/services/signing/fill-signature-fields.js';

// A field's text is never set below 7 points: what is too long for one line is broken between words
// over the lines its box holds, and only what still does not fit is cut with an ellipsis.

const ADDRESS = '200 Clarendon Street, Suite 4100, Boston MA 02116, United States';
let font: PDFFont;

beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('fieldLines', () => {
  it('keeps text that fits on one line as it is', () => {
    expect(fieldLines(font, 'Kestrel Partners LLP', 7, { width: 150, height: 14 })).toEqual(['Kestrel Partners LLP']);
  });

  it('cuts a long text with an ellipsis in a box one line high', () => {
    const [line, ...rest] = fieldLines(font, ADDRESS, 7, { width: 95, height: 14 });
    expect(rest).toEqual([]);
    expect(line!.endsWith('…')).toBe(true);
    expect(font.widthOfTextAtSize(line!, 7)).toBeLessThanOrEqual(95);
  });

  it('breaks a long text between words over the lines a taller box holds, losing none of it', () => {
    const lines = fieldLines(font, ADDRESS, 7, { width: 95, height: 40 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(Math.floor(40 / (7 * 1.15)));
    expect(lines.join(' ')).toBe(ADDRESS);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 7)).toBeLessThanOrEqual(95);
  });

  it('cuts only the last line when even the taller box is too small', () => {
    const lines = fieldLines(font, ADDRESS, 7, { width: 60, height: 17 });
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 7)).toBeLessThanOrEqual(60);
  });
});
