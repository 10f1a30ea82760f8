import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fitPageWidth, type Size } from '@shared/pointer-geometry';
import {
  clampZoom,
  DEFAULT_ZOOM,
  pageWidthAt,
  pinchPreview,
  pinchZoom,
  wheelZoom,
  type ZoomChoice,
  zoomIn,
  zoomOut,
  zoomPercent,
  type ZoomSpace,
} from '../zoom';

/** A spot of the page (fractions of it) to keep at a place on the screen when the zoom changes. */
interface Anchor {
  fx: number;
  fy: number;
  clientX: number;
  clientY: number;
}

/** A pinch or a ctrl + wheel under way: the page is scaled by CSS until it ends, then drawn anew. */
interface Gesture {
  start: number;
  percent: number;
  /** The fixed point of the gesture, in pixels of the page as drawn, and where it is on the screen. */
  originX: number;
  originY: number;
  clientX: number;
  clientY: number;
  /** The fingers' distance when a pinch began. */
  distance?: number;
  ratio?: number;
}

/** The page's transient CSS scale while a gesture is under way. */
export interface ZoomPreview {
  scale: number;
  originX: number;
  originY: number;
}

export interface ViewerZoom {
  choice: ZoomChoice;
  /** The width the page is drawn at. */
  width: number;
  /** The zoom the page is at, in percent of its actual size; null until its size is known. */
  percent: number | null;
  preview: ZoomPreview | null;
  choose: (choice: ZoomChoice) => void;
  stepIn: () => void;
  stepOut: () => void;
  /** + / - / 0 anywhere in the viewer, except in a text field. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/** Safari's pinch events (not in the DOM typings): the scale since the pinch began. */
interface SafariGestureEvent extends UIEvent {
  scale: number;
  clientX: number;
  clientY: number;
}
const GESTURE_EVENTS = ['gesturestart', 'gesturechange', 'gestureend'] as const;

/** A ctrl + wheel gesture ends when the wheel has been still this long. */
const WHEEL_IDLE_MS = 200;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function isTextField(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image'].includes(target.type)
  );
}

/** The middle of the part of `element` that is on the screen. */
function visibleCentre(element: HTMLElement): { clientX: number; clientY: number } {
  const r = element.getBoundingClientRect();
  const left = Math.max(r.left, 0);
  const right = Math.min(r.right, window.innerWidth);
  const top = Math.max(r.top, 0);
  const bottom = Math.min(r.bottom, window.innerHeight);
  return { clientX: (left + right) / 2, clientY: (top + bottom) / 2 };
}

/** The left of the part of the page that is on the screen: its left edge when that is in view. */
function visibleLeft(stage: HTMLElement, sheet: HTMLElement): number {
  return Math.max(sheet.getBoundingClientRect().left, stage.getBoundingClientRect().left, 0);
}

function anchorAt(sheet: HTMLElement, at: { clientX: number; clientY: number }): Anchor {
  const r = sheet.getBoundingClientRect();
  return {
    fx: clamp01((at.clientX - r.left) / r.width),
    fy: clamp01((at.clientY - r.top) / r.height),
    clientX: at.clientX,
    clientY: at.clientY,
  };
}

/** Scrolls the viewer sideways and the window up or down so the anchored spot is at its place on the screen. */
function scrollTo(stage: HTMLElement, sheet: HTMLElement, keep: Anchor): void {
  const r = sheet.getBoundingClientRect();
  stage.scrollBy({ left: r.left + keep.fx * r.width - keep.clientX, behavior: 'instant' });
  window.scrollBy({ top: r.top + keep.fy * r.height - keep.clientY, behavior: 'instant' });
}

function fingersApart(touches: TouchList): number {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/**
 * The viewer's zoom: the choice (Fit width by default), the width the page is drawn at for it, and
 * every way to change it: the toolbar, + / - / 0, ctrl + wheel (a touchpad's pinch too) and a pinch
 * on a touch screen. A gesture scales the drawn page by CSS while it lasts and draws it anew at the
 * new size when it ends, so the canvas is sharp. The spot under the gesture (for the buttons, the menu
 * and the keys, the left of what is on screen at mid-height: the page's left edge stays in view when
 * it was) stays where it was: the stage scrolls sideways, the window up or down. `stage` is the viewer's scrolling box, `sheet` the page as drawn, `fitPageTop` the height
 * on the screen where a page at Fit page begins (below the app's header and the viewer's toolbar).
 */
export function useViewerZoom(
  stage: RefObject<HTMLDivElement | null>,
  sheet: RefObject<HTMLDivElement | null>,
  box: Size | null,
  space: ZoomSpace,
  fitPageTop: number,
): ViewerZoom {
  const [choice, setChoice] = useState<ZoomChoice>(DEFAULT_ZOOM);
  const [preview, setPreview] = useState<ZoomPreview | null>(null);
  const anchor = useRef<Anchor | null>(null);
  const gesture = useRef<Gesture | null>(null);

  const width = box ? pageWidthAt(choice, box, space) : fitPageWidth(space.available.width, space.designWidth);
  const percent = box ? zoomPercent(width, box) : null;

  const apply = (next: ZoomChoice, keep?: Anchor) => {
    const stageEl = stage.current;
    const sheetEl = sheet.current;
    if (box && stageEl && sheetEl) {
      const centre = visibleCentre(stageEl);
      // Fit page shows the whole page: its top goes just below the toolbar. Other zooms keep a spot in
      // place: a gesture's, else the left of what is seen at mid-height, so lines are read from their start.
      const target =
        next === 'fit-page'
          ? { fx: 0.5, fy: 0, clientX: centre.clientX, clientY: fitPageTop }
          : (keep ?? anchorAt(sheetEl, { clientX: visibleLeft(stageEl, sheetEl), clientY: centre.clientY }));
      if (pageWidthAt(next, box, space) !== width) anchor.current = target;
      else if (next === 'fit-page') scrollTo(stageEl, sheetEl, target);
    }
    setChoice(next);
  };
  const stepIn = () => {
    const next = percent === null ? null : zoomIn(percent);
    if (next !== null) apply(next);
  };
  const stepOut = () => {
    const next = percent === null ? null : zoomOut(percent);
    if (next !== null) apply(next);
  };

  // Once the page has its new size, scroll so the anchored spot is back where it was on the screen.
  useLayoutEffect(() => {
    const keep = anchor.current;
    const stageEl = stage.current;
    const sheetEl = sheet.current;
    if (!keep || !stageEl || !sheetEl || preview) return;
    anchor.current = null;
    scrollTo(stageEl, sheetEl, keep);
  }, [width, preview, stage, sheet]);

  // The gesture listeners are attached once; they read the current zoom from here.
  const latest = useRef({ percent, apply });
  useEffect(() => {
    latest.current = { percent, apply };
  });

  useEffect(() => {
    const stageEl = stage.current;
    if (!stageEl) return;
    let idle = 0;

    const begin = (clientX: number, clientY: number, start: number): Gesture | null => {
      const sheetEl = sheet.current;
      if (!sheetEl) return null;
      const r = sheetEl.getBoundingClientRect();
      const originX = Math.min(Math.max(clientX - r.left, 0), r.width);
      const originY = Math.min(Math.max(clientY - r.top, 0), r.height);
      gesture.current = {
        start,
        percent: start,
        originX,
        originY,
        clientX: r.left + originX,
        clientY: r.top + originY,
      };
      return gesture.current;
    };
    const show = (g: Gesture) => setPreview({ scale: g.percent / g.start, originX: g.originX, originY: g.originY });
    const end = (final: number | null) => {
      const g = gesture.current;
      const sheetEl = sheet.current;
      gesture.current = null;
      setPreview(null);
      if (!g || final === null || !sheetEl) return;
      latest.current.apply(final, {
        fx: clamp01(g.originX / sheetEl.offsetWidth),
        fy: clamp01(g.originY / sheetEl.offsetHeight),
        clientX: g.clientX,
        clientY: g.clientY,
      });
    };

    const onWheel = (event: WheelEvent) => {
      const current = latest.current.percent;
      // ctrl + wheel is also what a touchpad's pinch sends.
      if (!event.ctrlKey || current === null) return;
      event.preventDefault();
      const g = gesture.current ?? begin(event.clientX, event.clientY, current);
      if (!g) return;
      g.percent = wheelZoom(g.percent, event.deltaY, event.deltaMode);
      show(g);
      window.clearTimeout(idle);
      idle = window.setTimeout(() => end(clampZoom(g.percent)), WHEEL_IDLE_MS);
    };

    // One finger scrolls the page as usual; two fingers zoom the document, not the whole page.
    const onTouchStart = (event: TouchEvent) => {
      const current = latest.current.percent;
      if (event.touches.length !== 2 || current === null) return;
      const [a, b] = [event.touches[0]!, event.touches[1]!];
      const g = begin((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2, current);
      if (g) g.distance = fingersApart(event.touches);
    };
    const onTouchMove = (event: TouchEvent) => {
      const g = gesture.current;
      if (!g?.distance || event.touches.length !== 2) return;
      if (event.cancelable) event.preventDefault();
      g.ratio = fingersApart(event.touches) / g.distance;
      g.percent = pinchPreview(g.start, g.ratio);
      show(g);
    };
    const onTouchEnd = (event: TouchEvent) => {
      const g = gesture.current;
      if (!g?.distance || event.touches.length >= 2) return;
      end(pinchZoom(g.start, g.ratio ?? 1));
    };

    // Safari pinches (a Mac's touchpad) with its own gesture events; on iOS the touch events above lead.
    const onGesture = (event: Event) => {
      const { scale, clientX, clientY } = event as SafariGestureEvent;
      const current = latest.current.percent;
      if (current === null || gesture.current?.distance) return;
      event.preventDefault();
      if (event.type === 'gesturestart') begin(clientX, clientY, current);
      const g = gesture.current;
      if (!g) return;
      if (event.type === 'gestureend') return end(pinchZoom(g.start, scale));
      g.percent = pinchPreview(g.start, scale);
      show(g);
    };

    stageEl.addEventListener('wheel', onWheel, { passive: false });
    stageEl.addEventListener('touchstart', onTouchStart, { passive: true });
    stageEl.addEventListener('touchmove', onTouchMove, { passive: false });
    stageEl.addEventListener('touchend', onTouchEnd);
    stageEl.addEventListener('touchcancel', onTouchEnd);
    for (const type of GESTURE_EVENTS) stageEl.addEventListener(type, onGesture, { passive: false });
    return () => {
      window.clearTimeout(idle);
      stageEl.removeEventListener('wheel', onWheel);
      for (const type of GESTURE_EVENTS) stageEl.removeEventListener(type, onGesture);
      stageEl.removeEventListener('touchstart', onTouchStart);
      stageEl.removeEventListener('touchmove', onTouchMove);
      stageEl.removeEventListener('touchend', onTouchEnd);
      stageEl.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [stage, sheet]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
    if (event.key === '+' || event.key === '=') stepIn();
    else if (event.key === '-' || event.key === '_') stepOut();
    else if (event.key === '0') apply(DEFAULT_ZOOM);
    else return;
    event.preventDefault();
  };

  return { choice, width, percent, preview, choose: (next) => apply(next), stepIn, stepOut, onKeyDown };
}
