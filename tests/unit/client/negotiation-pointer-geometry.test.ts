import { describe, expect, it } from 'vitest';
import {
  fitPageWidth,
  pixelsFromPoint,
  pointFromClient,
  pointFromPixels,
  renderedPageSize,
} from '@shared/pointer-geometry';

/** A US Letter page (612 x 792 pt) and an A4 page with a CropBox of 495 x 642 pt. */
const LETTER = { width: 612, height: 792 };
const CROPPED = { width: 495, height: 642 };

describe('pointer geometry', () => {
  it('turns a click into fractions of the rendered page', () => {
    const size = renderedPageSize(LETTER, 950);
    expect(size.height).toBeCloseTo(1229.41, 2);
    expect(pointFromPixels({ x: 475, y: size.height / 4 }, size)).toEqual({ x: 0.5, y: 0.25 });
    expect(pointFromPixels({ x: 0, y: 0 }, size)).toEqual({ x: 0, y: 0 });
    expect(pointFromPixels({ x: 950, y: size.height }, size)).toEqual({ x: 1, y: 1 });
  });

  it('gives the same fractions for the same spot at any viewer width', () => {
    // The same word: 30% across, 62% down the visible page.
    for (const box of [LETTER, CROPPED]) {
      const wide = renderedPageSize(box, 950);
      const narrow = renderedPageSize(box, 326);
      const fromWide = pointFromPixels({ x: 0.3 * wide.width, y: 0.62 * wide.height }, wide);
      const fromNarrow = pointFromPixels({ x: 0.3 * narrow.width, y: 0.62 * narrow.height }, narrow);
      expect(fromWide).toEqual({ x: 0.3, y: 0.62 });
      expect(fromNarrow).toEqual(fromWide);
    }
  });

  it('puts a stored pointer back on the spot it was placed, at another width', () => {
    const wide = renderedPageSize(CROPPED, 950);
    const point = pointFromPixels({ x: 612.4, y: 801.7 }, wide);
    const back = pixelsFromPoint(point, wide);
    expect(back.x).toBeCloseTo(612.4, 2); // 6-decimal fractions: well under a hundredth of a pixel
    expect(back.y).toBeCloseTo(801.7, 2);
    const narrow = renderedPageSize(CROPPED, 390);
    const there = pixelsFromPoint(point, narrow);
    expect(there.x / narrow.width).toBeCloseTo(612.4 / wide.width, 5);
    expect(there.y / narrow.height).toBeCloseTo(801.7 / wide.height, 5);
  });

  it('keeps clicks on the edge, or just outside it, on the page', () => {
    const size = { width: 400, height: 500 };
    expect(pointFromPixels({ x: -3, y: 510 }, size)).toEqual({ x: 0, y: 1 });
    expect(pointFromPixels({ x: 401, y: -0.5 }, size)).toEqual({ x: 1, y: 0 });
  });

  it('rounds fractions to 6 decimals, stable across round trips', () => {
    const size = { width: 950, height: 1229 };
    const point = pointFromPixels({ x: 1, y: 1 }, size);
    expect(point).toEqual({ x: 0.001053, y: 0.000814 });
    expect(pointFromPixels(pixelsFromPoint(point, size), size)).toEqual(point);
  });

  it('reads a click in viewport coordinates against the page rectangle', () => {
    const rect = { left: 100, top: 250, width: 950, height: 1229 };
    expect(pointFromClient({ clientX: 575, clientY: 250 + 1229 / 2 }, rect)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('refuses a page with no size', () => {
    expect(() => pointFromPixels({ x: 1, y: 1 }, { width: 0, height: 100 })).toThrow(RangeError);
    expect(() => renderedPageSize({ width: 0, height: 0 }, 950)).toThrow(RangeError);
  });

  it('draws pages at 950 px, or narrower when the space is narrower', () => {
    expect(fitPageWidth(1200, 950)).toBe(950);
    expect(fitPageWidth(950, 950)).toBe(950);
    expect(fitPageWidth(357.6, 950)).toBe(357);
    expect(fitPageWidth(0, 950)).toBe(950);
  });
});
