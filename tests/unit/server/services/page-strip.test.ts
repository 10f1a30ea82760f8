import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageFrame } from '@server/services/signing/page-frame.js';
import { addStrip } from '@server/services/signing/page-strip.js';

// What the product writes on an uploaded page goes in a strip added outside the page as shown, so it
// covers nothing of the page, at every quarter turn.

describe.each([0, 90, 180, 270])('addStrip on a page turned %i degrees', (rotation) => {
  it.each(['bottom', 'top'] as const)('adds the %s strip outside the page as it was shown', async (edge) => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.setCropBox(20, 30, 500, 700);
    page.setRotation(degrees(rotation));
    const before = pageFrame(page);
    const strip = addStrip(page, edge, 16);
    const after = pageFrame(page);
    expect([after.width, after.height]).toEqual([before.width, before.height + 16]);
    // The strip's corners, in the page's own coordinates, all lie outside the old visible box.
    const corners = [
      after.toPage(strip.x + 1, strip.y + 1),
      after.toPage(strip.x + strip.width - 1, strip.y + strip.height - 1),
    ];
    const old = { x0: 20, y0: 30, x1: 520, y1: 730 };
    for (const c of corners) expect(c.x < old.x0 || c.x > old.x1 || c.y < old.y0 || c.y > old.y1).toBe(true);
    // The shown page's opposite edge stays where it was: the page's own content keeps its place.
    const far = edge === 'bottom' ? after.toPage(0, after.height) : after.toPage(0, 0);
    const farBefore = edge === 'bottom' ? before.toPage(0, before.height) : before.toPage(0, 0);
    expect(far).toEqual(farBefore);
    // The media box holds the grown visible box.
    const media = page.getMediaBox();
    const crop = page.getCropBox();
    expect(media.x <= crop.x && media.y <= crop.y).toBe(true);
    expect(media.x + media.width >= crop.x + crop.width && media.y + media.height >= crop.y + crop.height).toBe(true);
  });
});
