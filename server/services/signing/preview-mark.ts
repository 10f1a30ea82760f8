import { degrees, type PDFDocument, rgb } from 'pdf-lib';
import type { Fonts } from './layout.js';

export const PREVIEW_MARK = 'PREVIEW - NOT SIGNED';
const BANNER = `${PREVIEW_MARK} · the final document as it will be signed, before anyone signs`;
const RED = rgb(0.72, 0.11, 0.11);

/** Marks every page of a preview: a banner across its top and a faint diagonal word across its middle. */
export function markPreview(doc: PDFDocument, fonts: Fonts): void {
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const size = 8;
    const width = fonts.bold.widthOfTextAtSize(BANNER, size);
    page.drawRectangle({
      x: box.x,
      y: box.y + box.height - 18,
      width: box.width,
      height: 18,
      color: rgb(1, 0.95, 0.95),
      opacity: 0.95,
    });
    page.drawText(BANNER, {
      x: box.x + Math.max(8, (box.width - width) / 2),
      y: box.y + box.height - 12,
      size,
      font: fonts.bold,
      color: RED,
    });
    const mark = 'PREVIEW';
    const big = Math.min(box.width, box.height) / 6;
    page.drawText(mark, {
      x: box.x + box.width / 2 - fonts.bold.widthOfTextAtSize(mark, big) / 2.8,
      y: box.y + box.height / 2 - big,
      size: big,
      font: fonts.bold,
      color: RED,
      opacity: 0.08,
      rotate: degrees(40),
    });
  }
}
