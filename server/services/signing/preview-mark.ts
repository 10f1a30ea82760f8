import { degrees, type PDFDocument, rgb } from 'pdf-lib';
import type { Fonts } from './layout.js';
import { pageFrame } from './page-frame.js';
import { addStrip } from './page-strip.js';

export const PREVIEW_MARK = 'PREVIEW - NOT SIGNED';
const BANNER = `${PREVIEW_MARK} · the final document as it will be signed, before anyone signs`;
const RED = rgb(0.72, 0.11, 0.11);
const TINT = rgb(1, 0.95, 0.95);
const STRIP = 18;

/**
 * Marks every page of a preview with a banner across its top. On the uploaded pages the banner goes in
 * a strip added above the page (page-strip.ts), so it covers nothing of the document; the pages the
 * product appends have it in their top margin.
 */
export function markPreview(doc: PDFDocument, fonts: Fonts, originalPages: number): void {
  doc.getPages().forEach((page, i) => {
    const strip = i < originalPages ? addStrip(page, 'top', STRIP) : null;
    const frame = pageFrame(page);
    const band = strip ?? { x: 0, y: frame.height - STRIP, width: frame.width, height: STRIP };
    const size = 8;
    const width = fonts.bold.widthOfTextAtSize(BANNER, size);
    const rotate = degrees(frame.rotate);
    const corner = frame.toPage(band.x, band.y);
    page.drawRectangle({ x: corner.x, y: corner.y, width: band.width, height: band.height, color: TINT, rotate });
    const at = frame.toPage(band.x + Math.max(8, (band.width - width) / 2), band.y + 6);
    page.drawText(BANNER, { x: at.x, y: at.y, size, font: fonts.bold, color: RED, rotate });
  });
}
