import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { wrap } from './text.js';

/** The pages the signed PDF appends (the schedule and the certificate): US Letter, one margin, two inks. */
export const PAGE: [number, number] = [612, 792];
export const MARGIN = 54;
export const INK = rgb(0.11, 0.18, 0.32);
export const MUTED = rgb(0.35, 0.38, 0.45);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Writes wrapped text down appended pages, from the top margin, starting a new page (headed by
 * `continued`) whenever the next line would cross the bottom margin.
 */
export class PageWriter {
  page: PDFPage;
  y: number;
  readonly width = PAGE[0] - 2 * MARGIN;
  /** Room kept free on the right (beside a signature image). */
  rightInset = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly continued: string,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Makes room for `height` points, on a new page if need be. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.text(this.continued, 11, this.fonts.bold);
    this.gap(6);
  }

  gap(height: number): void {
    this.y -= height;
  }

  text(t: string, size: number, font: PDFFont, color = INK, x = MARGIN): void {
    for (const line of wrap(font, t, size, this.width - this.rightInset - (x - MARGIN))) {
      this.ensure(size + 4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= size + 4;
    }
  }

  /** A bold label followed by wrapped text, both indented by `x`. */
  labelled(label: string, t: string, size: number, x = MARGIN): void {
    this.text(label, size, this.fonts.bold, MUTED, x);
    this.text(t, size, this.fonts.regular, INK, x + 10);
  }
}
