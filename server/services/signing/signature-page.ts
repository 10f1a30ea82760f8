import type { PDFDocument } from 'pdf-lib';
import { type Fonts, INK, MARGIN, MUTED, PageWriter } from './layout.js';
import { signatoryLine } from './party-wording.js';
import { plainUtcDate } from './text.js';
import type { Party, SignedNdaInput } from './types.js';

export const SIGNATURE_PAGE_HEADING = 'Signature page';
const BOX = { width: 220, height: 64 };

/**
 * The page the signatures go on when the sender placed no signature fields: appended after the NDA,
 * before the schedule and the certificate, so nothing is drawn over the document. It names the
 * agreement it belongs to and gives each party's signature, name, title, company and date.
 */
export async function appendSignaturePage(doc: PDFDocument, fonts: Fonts, input: SignedNdaInput): Promise<void> {
  const w = new PageWriter(doc, fonts, `${SIGNATURE_PAGE_HEADING} (continued)`);
  w.text(SIGNATURE_PAGE_HEADING, 18, fonts.bold);
  w.text(`${input.documentName} (document ID ${input.documentId})`, 10, fonts.regular, MUTED);
  w.gap(8);
  w.text(
    `This page forms part of ${input.documentName} and is where the parties sign it. The schedule of agreed ` +
      'amendments and the certificate of signature follow.',
    10,
    fonts.regular,
  );
  w.gap(14);
  for (const party of [input.sender, input.recipient]) await partyBlock(doc, w, fonts, party);
}

async function partyBlock(doc: PDFDocument, w: PageWriter, fonts: Fonts, party: Party): Promise<void> {
  // The whole block on one page.
  w.ensure(BOX.height + 120);
  w.text(party.role, 12, fonts.bold);
  w.text(signatoryLine(party), 10, fonts.regular);
  w.gap(6);
  const y = w.y - BOX.height;
  if (party.signature) {
    const image = await doc.embedPng(party.signature);
    const scale = Math.min((BOX.width - 8) / image.width, (BOX.height - 8) / image.height);
    w.page.drawImage(image, { x: MARGIN + 4, y: y + 4, width: image.width * scale, height: image.height * scale });
  } else {
    w.page.drawRectangle({
      x: MARGIN,
      y,
      width: BOX.width,
      height: BOX.height,
      borderColor: MUTED,
      borderWidth: 0.6,
      borderDashArray: [3, 3],
    });
    w.page.drawText(`To be signed by ${party.name}`.slice(0, 60), {
      x: MARGIN + 8,
      y: y + BOX.height / 2 - 4,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  }
  w.page.drawLine({
    start: { x: MARGIN, y: y - 2 },
    end: { x: MARGIN + BOX.width, y: y - 2 },
    thickness: 0.6,
    color: INK,
  });
  w.y = y - 10;
  const rows: Array<[string, string]> = [
    ['Name', party.name],
    ['Title', party.title || '-'],
    ['Company', party.company || '-'],
    ['Date', party.signedAt ? plainUtcDate(party.signedAt) : 'To be dated at signing'],
  ];
  for (const [label, value] of rows) {
    w.page.drawText(label, { x: MARGIN, y: w.y - 9.5, size: 9.5, font: fonts.bold, color: MUTED });
    w.text(value, 9.5, fonts.regular, INK, MARGIN + 70);
  }
  w.gap(18);
}
