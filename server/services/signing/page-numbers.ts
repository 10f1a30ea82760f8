import { degrees, type PDFDocument } from 'pdf-lib';
import { MIN_FIELD_TEXT_PT } from '@shared/schemas/signature-fields.js';
import { type Fonts, MARGIN, MUTED } from './layout.js';
import { pageFrame } from './page-frame.js';
import { addStrip } from './page-strip.js';
import { drawable } from './text.js';

const STRIP = 16;

/** What every page of the signed file says at its foot, counted over the whole file. */
export function pageLine(documentId: string, page: number, total: number): string {
  return `Document ${documentId} · page ${page} of ${total}`;
}

/**
 * Numbers every page of the finished file, once nothing more is appended: "Document NDA-n · page x of
 * N", with whether it is signed. On the uploaded pages the line goes in a strip added below the page
 * (page-strip.ts), so it covers nothing of the document; on the pages the product appends it sits in
 * their bottom margin.
 */
export function numberPages(
  doc: PDFDocument,
  fonts: Fonts,
  { documentId, originalPages, signed }: { documentId: string; originalPages: number; signed: boolean },
): void {
  const pages = doc.getPages();
  const state = signed ? 'signed electronically' : 'preview, not signed';
  pages.forEach((page, i) => {
    const text = drawable(fonts.regular, `${pageLine(documentId, i + 1, pages.length)} · ${state}`);
    if (i < originalPages) {
      const strip = addStrip(page, 'bottom', STRIP);
      const frame = pageFrame(page);
      const at = frame.toPage(strip.x + 24, strip.y + (STRIP - MIN_FIELD_TEXT_PT) / 2 + 1);
      page.drawText(text, {
        x: at.x,
        y: at.y,
        size: MIN_FIELD_TEXT_PT,
        font: fonts.regular,
        color: MUTED,
        rotate: degrees(frame.rotate),
      });
      return;
    }
    page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: MIN_FIELD_TEXT_PT, font: fonts.regular, color: MUTED });
  });
}
