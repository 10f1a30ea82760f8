import type { PDFPage } from 'pdf-lib';
import { type Box, frameOf, pageFrame } from './page-frame.js';

/**
 * Room for what the product adds to an uploaded page (the page number, the preview banner): a strip
 * added along the shown page's top or bottom edge, outside its visible box, so nothing drawn there can
 * cover the page's own text or drawings, whatever its layout or its rotation. The page grows by the
 * strip; its own content keeps its place.
 */
export function addStrip(page: PDFPage, edge: 'top' | 'bottom', height: number): Box {
  const crop = page.getCropBox();
  const rotation = page.getRotation().angle;
  const turned = frameOf(crop, rotation).rotate;
  // Which side of the page's own box the shown edge is on, at each quarter turn.
  const side = SIDES[edge][turned as 0 | 90 | 180 | 270];
  const grown = { ...crop };
  if (side === 'bottom') grown.y -= height;
  if (side === 'left') grown.x -= height;
  if (side === 'top' || side === 'bottom') grown.height += height;
  else grown.width += height;
  const media = page.getMediaBox();
  const x0 = Math.min(media.x, grown.x);
  const y0 = Math.min(media.y, grown.y);
  const x1 = Math.max(media.x + media.width, grown.x + grown.width);
  const y1 = Math.max(media.y + media.height, grown.y + grown.height);
  page.setMediaBox(x0, y0, x1 - x0, y1 - y0);
  page.setCropBox(grown.x, grown.y, grown.width, grown.height);
  const frame = pageFrame(page);
  return { x: 0, y: edge === 'bottom' ? 0 : frame.height - height, width: frame.width, height };
}

const SIDES = {
  bottom: { 0: 'bottom', 90: 'right', 180: 'top', 270: 'left' },
  top: { 0: 'top', 90: 'left', 180: 'bottom', 270: 'right' },
} as const;
