import fs from 'node:fs';
import path from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageFrame } from '@server/services/signing/page-frame.js';
import { watermarkPdf } from '@server/services/watermark/watermark-pdf.js';
import { OUTSIDE_ADDRESS, pdfWithActiveContent } from '@tests/support/hostile-pdfs.js';
import { pdfinfo, pdfPagesText } from '@tests/support/pdf-tools.js';

// The stamp on a bidder's copy (services/watermark/watermark-pdf.ts): on every page, at every quarter
// turn and whatever the visible box, the footer line reads upright and whole, in a strip added outside
// the page as it was shown; the diagonal mark is light; the page's own text is untouched.

const stamp = {
  name: 'Alice Acquirer',
  company: 'Kestrel Partners',
  email: 'alice@kestrel.example',
  at: '2026-11-27T16:40:05.123Z',
  ip: '203.0.113.7',
};
const footer =
  'copy for Alice Acquirer, Kestrel Partners <alice@kestrel.example> · 2026-11-27 16:40:05 UTC · IP 203.0.113.7';

describe('watermarkPdf', () => {
  it('stamps pages turned each quarter, with a CropBox, and keeps their text', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const rotation of [0, 90, 180, 270]) {
      const page = doc.addPage([612, 792]);
      page.setCropBox(20, 30, 560, 720);
      page.drawText(`Revenue grew in year ${rotation}`, { x: 72, y: 600, size: 12, font });
      page.setRotation(degrees(rotation));
    }
    const original = await doc.save();
    const before = (await PDFDocument.load(original)).getPages().map(pageFrame);
    const { pdf, pages } = await watermarkPdf(original, stamp);
    expect(pages).toBe(4);
    const texts = pdfPagesText(Buffer.from(pdf), { noDiagonal: true });
    [0, 90, 180, 270].forEach((rotation, i) => {
      expect(texts[i]).toContain(`Revenue grew in year ${rotation}`);
      expect(texts[i]).toContain(footer);
    });
    // Each page grew by the footer's strip only, as shown.
    const after = (await PDFDocument.load(pdf)).getPages().map(pageFrame);
    after.forEach((frame, i) => {
      expect(frame.width).toBeCloseTo(before[i]!.width);
      expect(frame.height).toBeCloseTo(before[i]!.height + 12);
    });
  });

  it('draws the diagonal mark light: the opacities it adds are low', async () => {
    const original = fs.readFileSync(path.join('tests', 'fixtures', 'pdfs', 'normal.pdf'));
    const opacities = async (bytes: Uint8Array) =>
      (await PDFDocument.load(bytes)).context
        .enumerateIndirectObjects()
        .flatMap(([, obj]) => [...String(obj).matchAll(/\/ca ([\d.]+)/g)].map((m) => Number(m[1])));
    const had = new Set(await opacities(original));
    const added = (await opacities((await watermarkPdf(original, stamp)).pdf)).filter((ca) => !had.has(ca));
    expect(added.length).toBeGreaterThan(0);
    for (const ca of added) expect(ca).toBeLessThanOrEqual(0.2);
  });

  it('leaves out of the copy the scripts, actions, embedded files and unused objects of the original', async () => {
    // A deal document over 3 MB is stored as uploaded, not cleaned: the bidder's copy is what is clean.
    const original = await pdfWithActiveContent();
    expect(pdfinfo(original)).toMatch(/JavaScript:\s+yes/);
    const { pdf } = await watermarkPdf(original, stamp);
    const copy = Buffer.from(pdf);
    expect(pdfinfo(copy)).toMatch(/JavaScript:\s+no/);
    const doc = await PDFDocument.load(copy);
    const objects = doc.context.enumerateIndirectObjects().map(([, obj]) => String(obj));
    for (const gone of ['/OpenAction', '/JavaScript', '/EmbeddedFile', '/SubmitForm', '/AA', OUTSIDE_ADDRESS])
      expect(objects.join('\n')).not.toContain(gone);
    // The stream no page draws, holding another term, went with them.
    expect(copy.toString('latin1')).not.toContain('expires twenty');
    const [text] = pdfPagesText(copy, { noDiagonal: true });
    expect(text).toContain('This agreement expires two (2) years after the date it is signed.');
    expect(text).toContain(footer);
  });
});
