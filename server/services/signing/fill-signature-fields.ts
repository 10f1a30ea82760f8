import { degrees, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { MIN_FIELD_TEXT_PT, type SignatureField } from '@shared/schemas/signature-fields.js';
import { type Box, boxInFrame, type PageFrame, pageFrame } from './page-frame.js';
import { drawable, plainUtcDate } from './text.js';
import type { Party } from './types.js';

const INK = rgb(0.06, 0.1, 0.22);
/** The largest text a field gets, in points; the smallest is MIN_FIELD_TEXT_PT. */
const MAX_TEXT = 14;

/** What a text field of a party reads; a title the party did not give stays empty. */
function fieldText(kind: SignatureField['kind'], party: Party): string {
  if (kind === 'name') return party.name;
  if (kind === 'title') return party.title;
  if (kind === 'company') return party.company;
  if (kind === 'date') return party.signedAt ? plainUtcDate(party.signedAt) : '';
  if (kind === 'address') return party.companyAddress.replace(/\s*\n\s*/g, ', ');
  return '';
}

/** The font size that fits `text` in a box: about two thirds of its height, less when the text is too wide. */
export function fittedSize(font: PDFFont, text: string, box: { width: number; height: number }): number {
  const pad = Math.min(4, box.width * 0.05);
  const byHeight = Math.min(MAX_TEXT, box.height * 0.62);
  const unitWidth = font.widthOfTextAtSize(text, 1);
  const byWidth = unitWidth > 0 ? (box.width - 2 * pad) / unitWidth : byHeight;
  return Math.max(MIN_FIELD_TEXT_PT, Math.min(byHeight, byWidth));
}

/** Text cut to the box's width at `size`, with an ellipsis, when even the smallest size does not fit it. */
function cutToWidth(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let end = text.length;
  while (end > 1 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end)}…`;
}

/** The distance between the baselines of a field's lines, as a multiple of the text's size. */
const LINE_HEIGHT = 1.15;

/**
 * The lines of a field's text in its box at `size`: one line when the text fits it or the box holds one
 * line only; otherwise the text is broken between words over the lines the box holds (a long address in
 * a box drawn two lines high). What still does not fit ends with an ellipsis.
 */
export function fieldLines(
  font: PDFFont,
  text: string,
  size: number,
  box: { width: number; height: number },
): string[] {
  const width = box.width - 2 * Math.min(4, box.width * 0.05);
  const room = Math.max(1, Math.floor(box.height / (size * LINE_HEIGHT)));
  if (room === 1 || font.widthOfTextAtSize(text, size) <= width) return [cutToWidth(font, text, size, width)];
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const kept = lines.length > room ? [...lines.slice(0, room - 1), lines.slice(room - 1).join(' ')] : lines;
  return kept.map((line) => cutToWidth(font, line, size, width));
}

function drawText(frame: PageFrame, page: PDFPage, font: PDFFont, whole: string, box: Box, size: number) {
  const pad = Math.min(4, box.width * 0.05);
  const lines = fieldLines(font, whole, size, box);
  const ascent = font.heightAtSize(size, { descender: false });
  const step = size * LINE_HEIGHT;
  // The block of lines is centred in the box: from the first line's top to the last line's baseline.
  const lastBaseline = box.y + Math.max(0, (box.height - ascent - (lines.length - 1) * step) / 2);
  lines.forEach((text, i) => {
    const at = frame.toPage(box.x + pad, lastBaseline + (lines.length - 1 - i) * step);
    page.drawText(text, { x: at.x, y: at.y, size, font, color: INK, rotate: degrees(frame.rotate) });
  });
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
 * into its box (aspect ratio kept, centred), or its text (name, title, company, address, signing date)
 * at one size across the party's fields, never below MIN_FIELD_TEXT_PT. Fields on a page the document
 * does not have are skipped.
 */
export async function fillSignatureFields(
  doc: PDFDocument,
  font: PDFFont,
  parties: { sender: Party; recipient: Party },
  fields: SignatureField[],
): Promise<void> {
  const pages = doc.getPages();
  const images = new Map<Party, PDFImage>();
  const placed = fields.flatMap((field) => {
    const page = pages[field.page - 1];
    if (!page) return [];
    const frame = pageFrame(page);
    const party = parties[field.party];
    const text =
      field.kind === 'signature'
        ? party.signature
          ? null
          : drawable(font, `To be signed by ${party.name}`)
        : drawable(font, fieldText(field.kind, party));
    return [{ field, page, frame, party, box: boxInFrame(frame, field), text }];
  });
  // One size for all of a party's text: the size that fits its tightest box, never below the minimum.
  const sizes = new Map<Party, number>();
  for (const p of placed)
    if (p.text) sizes.set(p.party, Math.min(sizes.get(p.party) ?? Infinity, fittedSize(font, p.text, p.box)));
  for (const { field, page, frame, party, box, text } of placed) {
    if (field.kind === 'signature' && party.signature) {
      let image = images.get(party);
      if (!image) images.set(party, (image = await doc.embedPng(party.signature)));
      drawSignature(frame, page, image, box);
      continue;
    }
    if (text) drawText(frame, page, font, text, box, sizes.get(party)!);
  }
}
