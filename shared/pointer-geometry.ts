/**
 * Page-relative pointer geometry (docs/ARCHITECTURE.md, Conventions, "Stored values"). A pointer is
 * stored as fractions (0..1) of the page's VISIBLE box (its CropBox, as PDF viewers render it), so it
 * lands on the same spot at any viewer width and zoom. Pure: the client converts clicks and draws
 * markers with it; tests pin it.
 */

export interface Size {
  width: number;
  height: number;
}

/** A point in pixels, relative to the top-left corner of the rendered page. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** A pointer's place on its page: fractions of the visible page, x from the left, y from the top. */
export interface PagePoint {
  x: number;
  y: number;
}

/** Fractions are kept to 6 decimals: well under a pixel on any screen, and stable across round trips. */
const PRECISION = 1e6;

function clampFraction(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(1, Math.max(0, value)) * PRECISION) / PRECISION;
}

/** The page-relative place of a click at `pixel` on a page rendered at `size`. Clicks on the edge (or outside) are kept on the page. */
export function pointFromPixels(pixel: PixelPoint, size: Size): PagePoint {
  if (!(size.width > 0) || !(size.height > 0)) throw new RangeError('The rendered page has no size.');
  return { x: clampFraction(pixel.x / size.width), y: clampFraction(pixel.y / size.height) };
}

/** Where a stored pointer goes on a page rendered at `size`, in pixels from its top-left corner. */
export function pixelsFromPoint(point: PagePoint, size: Size): PixelPoint {
  return { x: point.x * size.width, y: point.y * size.height };
}

/**
 * A click given in viewport coordinates (clientX / clientY) on a page whose bounding rectangle is
 * `rect` (getBoundingClientRect of the rendered page): its page-relative place.
 */
export function pointFromClient(
  client: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
): PagePoint {
  return pointFromPixels({ x: client.clientX - rect.left, y: client.clientY - rect.top }, rect);
}

/**
 * The rendered size of a page whose visible box is `box` (in PDF points, rotation applied) when the
 * viewer draws it `width` pixels wide: the height keeps the page's aspect ratio.
 */
export function renderedPageSize(box: Size, width: number): Size {
  if (!(box.width > 0) || !(box.height > 0)) throw new RangeError('The page has no size.');
  return { width, height: (width * box.height) / box.width };
}

/** The width to draw a page at: the design width, or less when the space for it is narrower. */
export function fitPageWidth(available: number, designWidth: number): number {
  if (!(available > 0)) return designWidth;
  return Math.floor(Math.min(designWidth, available));
}
