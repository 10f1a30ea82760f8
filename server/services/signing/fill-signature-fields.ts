import { degrees, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import type { SignatureField } from '@shared/schemas/signature-fields.js';
import { type Box, boxInFrame, type PageFrame, pageFrame } from './page-frame.js';
import { drawable, plainUtcDate } from './text.js';
import type { Party } from './types.js';

const INK = rgb(0.06, 0.1, 0.22);
/** The largest and smallest text a field gets, in points. */
const MAX_TEXT = 14;
const MIN_TEXT = 4;

/** What a text field of a party reads; a title the party did not give stays empty. */
function fieldText(kind: SignatureField['kind'], party: Party): string {
  if (kind === 'name') return party.name;
  if (kind === 'title') return party.title;
  if (kind === 'company') return party.company;
  if (kind === 'date') return party.signedAt ? plainUtcDate(party.signedAt) : '';
  return '';
}

/** The font size that fits `text` in a box: about two thirds of its height, less when the text is too wide. */
export function fittedSize(font: PDFFont, text: string, box: { width: number; height: number }): number {
  const pad = Math.min(4, box.width * 0.05);
  const byHeight = Math.min(MAX_TEXT, box.height * 0.62);
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const byWidth = unitWidth > 0 ? (box.width - 2 * pad) / unitWidth : byHeight;
  return Math.max(MIN_TEXT, Math.min(byHeight, byWidth));
}

function drawText(frame: PageFrame, page: PDFPage, font: PDFFont, text: string, box: Box) {
  const size = fittedSize(font, text, box);
  const pad = Math.min(4, box.width * 0.05);
  const ascent = font.heightAtSize(size, { descender: false });
  const at = frame.toPage(box.x + pad, box.y + Math.max(0, (box.height - ascent) / 2));
  page.drawText(text, { x: at.x, y: at.y, size, font, color: INK, rotate: degrees(frame.rotate) });
}

function drawSignature(frame: PageFrame, page: PDFPage, image: PDFImage, box: Box) {
  const pad = Math.min(2, box.width * 0.04, box.height * 0.04);
  const scale = Math.min((box.width - 2 * pad) / image.width, (box.height - 2 * pad) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const at = frame.toPage(box.x + (box.width - width) / 2, box.y + (box.height - height) / 2);
  page.drawImage(image, { x: at.x, y: at.y, width, height, rotate: degrees(frame.rotate) });
}

/**
 * Fills each signature field in its place on the original pages: the party's signature image scaled
 * into its box (aspect ratio kept, centred), or its text (name, title, company, signing date) sized to
 * the box. Fields on a page the document does not have are skipped.
 */
export async function fillSignatureFields(
  doc: PDFDocument,
  font: PDFFont,
  parties: { sender: Party; recipient: Party },
  fields: SignatureField[],
): Promise<void> {
  const pages = doc.getPages();
  const images = new Map<Party, PDFImage>();
  for (const field of fields) {
    const page = pages[field.page - 1];
    if (!page) continue;
    const party = parties[field.party];
    const frame = pageFrame(page);
    const box = boxInFrame(frame, field);
    if (field.kind === 'signature') {
      if (party.signature) {
        let image = images.get(party);
        if (!image) images.set(party, (image = await doc.embedPng(party.signature)));
        drawSignature(frame, page, image, box);
      } else {
        // A preview: the box says who will sign in it.
        drawText(frame, page, font, drawable(font, `To be signed by ${party.name}`), box);
      }
      continue;
    }
    const text = drawable(font, fieldText(field.kind, party));
    if (text) drawText(frame, page, font, text, box);
  }
}
