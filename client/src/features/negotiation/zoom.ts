/**
 * The NDA viewer's zoom, as pure math: what width a page is drawn at for each choice, and how the
 * buttons, the keyboard, the wheel and a pinch move between zooms. A percentage is of the page's
 * actual size, as PDF viewers have it: at 100 % a point of the PDF is 96 / 72 CSS pixels.
 */
import { fitPageWidth, type Size } from '@shared/pointer-geometry';

/** Fit the viewer's width (the default), fit the whole page in view, or a percentage of actual size. */
export type ZoomChoice = 'fit-width' | 'fit-page' | number;

export const DEFAULT_ZOOM: ZoomChoice = 'fit-width';
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 200;
/** The steps of the zoom menu, and of Zoom in / Zoom out. */
export const ZOOM_STEPS = [50, 75, 100, 125, 150, 200] as const;
/** CSS pixels per PDF point at 100 %. */
export const PX_PER_POINT = 96 / 72;
/** A pinch lands on multiples of this percentage, so a gesture ends on a tidy zoom. */
export const PINCH_STEP = 5;
/** A pinch that changes the fingers' distance by less than this fraction is a touch, not a zoom. */
const PINCH_DEAD_ZONE = 0.05;
/** A wheel turn this large (in pixels) is a mouse's notch: one step. Smaller deltas come from a touchpad pinch. */
const WHEEL_NOTCH = 50;

/** Where the page is drawn: the viewer's width, the height of the window it is seen in, and the design width. */
export interface ZoomSpace {
  available: Size;
  designWidth: number;
}

/** A percentage kept within 50–200 %, on a multiple of `step` (1 by default). */
export function clampZoom(percent: number, step = 1): number {
  if (!Number.isFinite(percent)) return 100;
  const stepped = Math.round(percent / step) * step;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, stepped));
}

/**
 * The width in CSS pixels to draw a page whose visible box is `box` (PDF points) at `choice`: Fit width
 * is the viewer's width (at most the design width), Fit page also keeps the page's height within the
 * window, a percentage is of the page's actual size.
 */
export function pageWidthAt(choice: ZoomChoice, box: Size, space: ZoomSpace): number {
  const fitWidth = fitPageWidth(space.available.width, space.designWidth);
  if (choice === 'fit-width') return fitWidth;
  if (choice === 'fit-page') {
    const height = space.available.height;
    if (!(height > 0) || !(box.height > 0)) return fitWidth;
    return Math.max(1, Math.floor(Math.min(fitWidth, (height * box.width) / box.height)));
  }
  return Math.max(1, Math.round((box.width * PX_PER_POINT * clampZoom(choice)) / 100));
}

/** The zoom a page drawn `width` pixels wide is at, in whole percent of its actual size. */
export function zoomPercent(width: number, box: Size): number {
  if (!(box.width > 0)) return 100;
  return Math.round((width / (box.width * PX_PER_POINT)) * 100);
}

/** The next step above `percent`, or null at the largest zoom. */
export function zoomIn(percent: number): number | null {
  if (percent >= MAX_ZOOM) return null;
  return ZOOM_STEPS.find((step) => step > percent) ?? MAX_ZOOM;
}

/** The next step below `percent`, or null at the smallest zoom (or below it, as Fit width is on a phone). */
export function zoomOut(percent: number): number | null {
  if (percent <= MIN_ZOOM) return null;
  return [...ZOOM_STEPS].reverse().find((step) => step < percent) ?? MIN_ZOOM;
}

/** The zoom while a pinch is under way: `start` scaled by how far the fingers moved apart, kept in range. */
export function pinchPreview(start: number, ratio: number): number {
  if (!(ratio > 0)) return start;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, start * ratio));
}

/**
 * The zoom a pinch ends on: `start` scaled by `ratio` (the fingers' distance now over at the start),
 * on a 5 % step within 50–200 %; null when the fingers barely moved (a two-finger touch, not a zoom).
 */
export function pinchZoom(start: number, ratio: number): number | null {
  if (!(ratio > 0) || Math.abs(ratio - 1) < PINCH_DEAD_ZONE) return null;
  return clampZoom(start * ratio, PINCH_STEP);
}

/**
 * The zoom after one ctrl + wheel event at `percent`: a mouse's notch (or a line / page delta) moves one
 * step; a touchpad pinch's small deltas scale smoothly, as browsers scale a page (e^(-deltaY / 100)).
 * Unrounded, so a gesture's small deltas add up; the caller rounds when the gesture ends.
 */
export function wheelZoom(percent: number, deltaY: number, deltaMode = 0): number {
  if (deltaY === 0 || !Number.isFinite(deltaY)) return percent;
  if (deltaMode !== 0 || Math.abs(deltaY) >= WHEEL_NOTCH) {
    return (deltaY < 0 ? zoomIn(Math.round(percent)) : zoomOut(Math.round(percent))) ?? percent;
  }
  return pinchPreview(percent, Math.exp(-deltaY / 100));
}

/** How the zoom menu names a choice. */
export function zoomLabel(choice: ZoomChoice): string {
  if (choice === 'fit-width') return 'Fit width';
  if (choice === 'fit-page') return 'Fit page';
  return `${clampZoom(choice)}%`;
}

/** The menu's value for a choice, and back. */
export function zoomValue(choice: ZoomChoice): string {
  return typeof choice === 'number' ? String(clampZoom(choice)) : choice;
}

export function parseZoom(value: string): ZoomChoice {
  if (value === 'fit-width' || value === 'fit-page') return value;
  const percent = Number(value);
  return Number.isFinite(percent) && value.trim() !== '' ? clampZoom(percent) : DEFAULT_ZOOM;
}

/** The menu's choices: the fits, the steps, and a zoom a pinch or the wheel left between the steps. */
export function zoomChoices(current: ZoomChoice): ZoomChoice[] {
  const percents: number[] = [...ZOOM_STEPS];
  if (typeof current === 'number' && !percents.includes(clampZoom(current))) percents.push(clampZoom(current));
  return ['fit-width', 'fit-page', ...percents.sort((a, b) => a - b)];
}

/** pdf.js's own cap on a canvas (and Safari's): larger canvases fail to draw or use too much memory. */
export const MAX_CANVAS_PIXELS = 2 ** 24;

/**
 * The pixel ratio to draw a page of `size` CSS pixels at: the device's, so text stays sharp at any zoom,
 * lowered just enough to keep the canvas within MAX_CANVAS_PIXELS (a phone at 200 %).
 */
export function canvasPixelRatio(size: Size, devicePixelRatio: number): number {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = size.width * size.height;
  if (!(area > 0) || area * ratio * ratio <= MAX_CANVAS_PIXELS) return ratio;
  return Math.sqrt(MAX_CANVAS_PIXELS / area);
}
