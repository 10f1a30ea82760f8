import type { PDFPage } from 'pdf-lib';

/**
 * A page as viewers show it: its visible box (CropBox) turned by its /Rotate. Places given from the
 * shown page's bottom-left corner, in points, map to the page's own coordinates, and `rotate` is the
 * angle to draw with so text and images stand upright on the shown page. Signature fields are stored
 * as fractions of this shown page (as pdf.js renders it), so they land where the sender drew them.
 */
export interface PageFrame {
  /** The shown page's size in points (width and height swap on a page turned a quarter). */
  width: number;
  height: number;
  /** Counter-clockwise degrees for pdf-lib's `rotate`. */
  rotate: number;
  toPage(x: number, y: number): { x: number; y: number };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The frame of a visible box turned clockwise by `rotation` degrees (a multiple of 90). */
export function frameOf(box: Box, rotation: number): PageFrame {
  const r = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const { x: x0, y: y0, width: w, height: h } = box;
  const quarter = r === 90 || r === 270;
  const toPage: PageFrame['toPage'] =
    r === 90
      ? (x, y) => ({ x: x0 + w - y, y: y0 + x })
      : r === 180
        ? (x, y) => ({ x: x0 + w - x, y: y0 + h - y })
        : r === 270
          ? (x, y) => ({ x: x0 + y, y: y0 + h - x })
          : (x, y) => ({ x: x0 + x, y: y0 + y });
  return { width: quarter ? h : w, height: quarter ? w : h, rotate: r, toPage };
}

export function pageFrame(page: PDFPage): PageFrame {
  return frameOf(page.getCropBox(), page.getRotation().angle);
}

/** A page-relative box (fractions from the shown page's top-left) in points from its bottom-left corner. */
export function boxInFrame(
  frame: Pick<PageFrame, 'width' | 'height'>,
  field: { x: number; y: number; width: number; height: number },
): Box {
  const width = field.width * frame.width;
  const height = field.height * frame.height;
  return { x: field.x * frame.width, y: frame.height - field.y * frame.height - height, width, height };
}
