import { type PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import type { SignatureField } from '@shared/schemas/signature-fields.js';
import { fillSignatureFields } from './fill-signature-fields.js';
import { drawable, formatUtc } from './text.js';
import type { Party } from './types.js';

const INK = rgb(0.11, 0.18, 0.32);
const MUTED = rgb(0.35, 0.38, 0.45);

/**
 * Stamps a reference line on every page, and both parties' signatures, names, companies and dates:
 * in the signature fields the sender placed, or, without fields, at the foot of the last original page.
 * Positions follow each page's CropBox (what viewers show).
 */
export async function stampSignatures(
  doc: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont },
  parties: [Party, Party],
  documentId: string,
  fields: SignatureField[],
): Promise<void> {
  const pages = doc.getPages();
  const total = pages.length;
  pages.forEach((page, i) => {
    const box = page.getCropBox();
    const text = drawable(
      fonts.regular,
      `${parties[1].signedAt ? 'Signed electronically' : 'Preview, not signed'} · Document ${documentId} · page ${i + 1} of ${total} · agreed amendments and certificate follow`,
    );
    page.drawText(text, { x: box.x + 24, y: box.y + 8, size: 6.5, font: fonts.regular, color: MUTED });
  });

  if (fields.length) {
    const [sender, recipient] = parties;
    await fillSignatureFields(doc, fonts.regular, { sender, recipient }, fields);
    return;
  }

  const last = pages[total - 1]!;
  const box = last.getCropBox();
  const blockWidth = Math.min(260, (box.width - 72) / 2);
  const blockHeight = 62;
  for (const [i, party] of parties.entries()) {
    const x = box.x + 24 + i * (blockWidth + 24);
    const y = box.y + 16;
    last.drawRectangle({
      x,
      y,
      width: blockWidth,
      height: blockHeight,
      color: rgb(1, 1, 1),
      opacity: 0.92,
      borderColor: INK,
      borderWidth: 0.6,
      borderOpacity: 0.6,
    });
    if (party.signature) {
      const image = await doc.embedPng(party.signature);
      const scale = Math.min((blockWidth - 16) / image.width, 26 / image.height);
      last.drawImage(image, { x: x + 8, y: y + 33, width: image.width * scale, height: image.height * scale });
    }
    const lines = [
      { t: party.role, f: fonts.bold, s: 7 },
      { t: `${party.name} · ${party.company}`, f: fonts.regular, s: 7 },
      {
        t: party.signedAt ? `Signed ${formatUtc(party.signedAt)}` : `To be signed by ${party.name}`,
        f: fonts.regular,
        s: 6.5,
      },
    ];
    lines.forEach((line, j) => {
      last.drawText(drawable(line.f, line.t).slice(0, 70), {
        x: x + 8,
        y: y + 23 - j * 8.5,
        size: line.s,
        font: line.f,
        color: INK,
      });
    });
  }
}
