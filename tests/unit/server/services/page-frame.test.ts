import { describe, expect, it } from 'vitest';
import { boxInFrame, frameOf } from '@server/services/signing/page-frame.js';

// A signature field is stored as fractions of the page as shown (CropBox, turned by /Rotate); the
// frame maps it back to the page's own coordinates so it lands where the sender drew it.

const box = { x: 10, y: 20, width: 600, height: 800 };

describe('frameOf', () => {
  it('an upright page: the shown page is the CropBox, offset by its origin', () => {
    const f = frameOf(box, 0);
    expect([f.width, f.height, f.rotate]).toEqual([600, 800, 0]);
    expect(f.toPage(0, 0)).toEqual({ x: 10, y: 20 });
    expect(f.toPage(600, 800)).toEqual({ x: 610, y: 820 });
  });

  it.each([
    // rotation, the shown bottom-left and top-right corners in page coordinates
    [90, { x: 610, y: 20 }, { x: 10, y: 820 }],
    [180, { x: 610, y: 820 }, { x: 10, y: 20 }],
    [270, { x: 10, y: 820 }, { x: 610, y: 20 }],
    [-90, { x: 10, y: 820 }, { x: 610, y: 20 }],
  ])('a page turned %i degrees maps the shown corners to the right page corners', (rotation, bottomLeft, topRight) => {
    const f = frameOf(box, rotation);
    const quarter = Math.abs(rotation) % 180 === 90;
    expect([f.width, f.height]).toEqual(quarter ? [800, 600] : [600, 800]);
    expect(f.toPage(0, 0)).toEqual(bottomLeft);
    expect(f.toPage(f.width, f.height)).toEqual(topRight);
  });
});

describe('boxInFrame', () => {
  it('turns a box given from the top-left in fractions into points from the bottom-left', () => {
    expect(boxInFrame({ width: 600, height: 800 }, { x: 0.1, y: 0.25, width: 0.5, height: 0.05 })).toEqual({
      x: 60,
      y: 560,
      width: 300,
      height: 40,
    });
  });
});
