import { describe, expect, it } from 'vitest';
import { renderedPageSize } from '@shared/pointer-geometry';
import {
  canvasPixelRatio,
  clampZoom,
  MAX_CANVAS_PIXELS,
  pageWidthAt,
  parseZoom,
  pinchPreview,
  pinchZoom,
  wheelZoom,
  zoomChoices,
  zoomIn,
  zoomLabel,
  zoomOut,
  zoomPercent,
  zoomValue,
} from '@client/features/negotiation/zoom';

/** A US Letter page (612 x 792 pt): 816 px wide at 100 %. */
const LETTER = { width: 612, height: 792 };
const DESKTOP = { available: { width: 950, height: 900 - 46 }, designWidth: 950 };
const WIDE = { available: { width: 1200, height: 1000 }, designWidth: 950 };
const PHONE = { available: { width: 388, height: 844 - 84 }, designWidth: 950 };

describe('viewer zoom', () => {
  it('fits the width by default: the design width, or the viewer when narrower', () => {
    expect(pageWidthAt('fit-width', LETTER, DESKTOP)).toBe(950);
    expect(pageWidthAt('fit-width', LETTER, WIDE)).toBe(950);
    expect(pageWidthAt('fit-width', LETTER, PHONE)).toBe(388);
  });

  it('fits the page: its whole height in the window, never wider than fit width', () => {
    const width = pageWidthAt('fit-page', LETTER, DESKTOP);
    expect(width).toBe(Math.floor((854 * 612) / 792));
    expect(renderedPageSize(LETTER, width).height).toBeLessThanOrEqual(854);
    // On a phone the width is the narrower bound.
    expect(pageWidthAt('fit-page', LETTER, PHONE)).toBe(388);
    // An unknown height (not measured yet) falls back to fit width.
    expect(pageWidthAt('fit-page', LETTER, { ...DESKTOP, available: { width: 950, height: 0 } })).toBe(950);
  });

  it('draws percentages of the actual size: 100 % is 96 / 72 px per point', () => {
    expect(pageWidthAt(100, LETTER, DESKTOP)).toBe(816);
    expect(pageWidthAt(50, LETTER, DESKTOP)).toBe(408);
    expect(pageWidthAt(200, LETTER, PHONE)).toBe(1632);
    expect(pageWidthAt(125, { width: 475, height: 640 }, DESKTOP)).toBe(792);
    // Out-of-range percentages are kept within 50–200 %.
    expect(pageWidthAt(10, LETTER, DESKTOP)).toBe(408);
    expect(pageWidthAt(500, LETTER, DESKTOP)).toBe(1632);
  });

  it('reads the zoom a width is at', () => {
    expect(zoomPercent(816, LETTER)).toBe(100);
    expect(zoomPercent(950, LETTER)).toBe(116);
    expect(zoomPercent(388, LETTER)).toBe(48);
    expect(zoomPercent(pageWidthAt(150, LETTER, DESKTOP), LETTER)).toBe(150);
  });

  it('clamps percentages to 50–200 %, on steps when asked', () => {
    expect(clampZoom(49.6)).toBe(50);
    expect(clampZoom(30)).toBe(50);
    expect(clampZoom(250)).toBe(200);
    expect(clampZoom(137.4)).toBe(137);
    expect(clampZoom(137.4, 5)).toBe(135);
    expect(clampZoom(Number.NaN)).toBe(100);
  });

  it('steps in and out through 50, 75, 100, 125, 150, 200 from any zoom', () => {
    expect(zoomIn(116)).toBe(125);
    expect(zoomIn(125)).toBe(150);
    expect(zoomIn(150)).toBe(200);
    expect(zoomIn(200)).toBeNull();
    expect(zoomIn(38)).toBe(50); // a phone's fit width
    expect(zoomOut(116)).toBe(100);
    expect(zoomOut(100)).toBe(75);
    expect(zoomOut(75)).toBe(50);
    expect(zoomOut(50)).toBeNull();
    expect(zoomOut(38)).toBeNull();
  });

  it('follows a pinch: live within range, ending on a 5 % step', () => {
    expect(pinchPreview(100, 1.37)).toBeCloseTo(137, 6);
    expect(pinchPreview(100, 3)).toBe(200);
    expect(pinchPreview(48, 0.5)).toBe(50);
    expect(pinchZoom(100, 1.37)).toBe(135);
    expect(pinchZoom(48, 1.5)).toBe(70);
    expect(pinchZoom(116, 0.4)).toBe(50);
    expect(pinchZoom(150, 2)).toBe(200);
    // Fingers that barely moved are a two-finger touch, not a zoom.
    expect(pinchZoom(48, 1.02)).toBeNull();
    expect(pinchZoom(100, 0.97)).toBeNull();
    expect(pinchZoom(100, 0)).toBeNull();
  });

  it('zooms a notch of the wheel by a step, a touchpad pinch smoothly', () => {
    expect(wheelZoom(116, -100)).toBe(125);
    expect(wheelZoom(116, 100)).toBe(100);
    expect(wheelZoom(100, -3, 1)).toBe(125); // lines
    expect(wheelZoom(200, -100)).toBe(200);
    expect(wheelZoom(100, -10)).toBeCloseTo(100 * Math.exp(0.1), 6);
    expect(wheelZoom(100, 10)).toBeCloseTo(100 * Math.exp(-0.1), 6);
    expect(wheelZoom(199, -20)).toBe(200);
    expect(wheelZoom(100, 0)).toBe(100);
  });

  it('names the choices of the menu, with a zoom left between the steps', () => {
    expect(zoomChoices('fit-width').map(zoomLabel)).toEqual([
      'Fit width',
      'Fit page',
      '50%',
      '75%',
      '100%',
      '125%',
      '150%',
      '200%',
    ]);
    expect(zoomChoices(135).map(zoomLabel)).toContain('135%');
    expect(zoomChoices(135).map(zoomValue).indexOf('135')).toBe(6);
    for (const choice of zoomChoices(135)) expect(parseZoom(zoomValue(choice))).toEqual(choice);
    expect(parseZoom('')).toBe('fit-width');
    expect(parseZoom('900')).toBe(200);
  });

  it('draws at the device pixel ratio, lowered only to keep a canvas within its limit', () => {
    const desktop = renderedPageSize(LETTER, 950);
    expect(canvasPixelRatio(desktop, 2)).toBe(2);
    expect(canvasPixelRatio(desktop, 1)).toBe(1);
    expect(canvasPixelRatio(desktop, 0)).toBe(1);
    // A phone at 200 %: 1632 x 2112 px at 3x would be 31 million pixels.
    const phone = renderedPageSize(LETTER, 1632);
    const ratio = canvasPixelRatio(phone, 3);
    expect(ratio).toBeLessThan(3);
    expect(ratio).toBeGreaterThan(1.9);
    expect(phone.width * ratio * phone.height * ratio).toBeCloseTo(MAX_CANVAS_PIXELS, -1);
  });
});
