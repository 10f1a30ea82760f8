import { type RefObject, useEffect, useRef } from 'react';
import { type PagePoint, pointFromPixels, type Size } from '@shared/pointer-geometry';
import { selectionIn, sentenceRangeAt } from '../page-text';

/** How long a finger rests on a word before its sentence is taken. */
const LONG_PRESS_MS = 500;
/** How far the finger may drift during a long press (beyond, it is a scroll). */
const LONG_PRESS_SLOP = 10;

const MARKER = '[data-testid="pointer-marker"]';

/**
 * Where and what the user points at on a page, for a new comment. `layer` is an element covering the
 * rendered page exactly; the page (canvas and pdf.js text layer) is its `.react-pdf__Page` ancestor.
 *
 * Always: pressing on the page starts a new selection, never a drag of the one already there.
 * In comment mode (`placing`):
 * - words selected before comment mode began are taken at once: the pointer goes to the first of them
 *   and they are quoted;
 * - a click places the pointer; selecting words places it at the first of them and quotes them;
 * - on touch, a long press on a word selects its sentence and quotes it.
 */
export function usePagePlacing(
  layer: RefObject<HTMLElement | null>,
  placing: boolean,
  size: Size,
  onPlace: (point: PagePoint, quote: string | null) => void,
): void {
  // The latest callback and page size, read when the user acts: the page hands a new size object on
  // every render, and re-running the listeners (and taking the selection again) for each would loop.
  const placeRef = useRef(onPlace);
  const sizeRef = useRef(size);
  useEffect(() => {
    placeRef.current = onPlace;
    sizeRef.current = size;
  }, [onPlace, size]);
  // After a long press has quoted a sentence, the mouse events a phone may send when the finger lifts
  // must neither clear that selection nor move the pointer; the next press ends this.
  const afterLongPress = useRef(false);

  useEffect(() => {
    const page = layer.current?.closest<HTMLElement>('.react-pdf__Page');
    if (!page) return;
    // A press on selected words would drag them out (the browser's default); here it starts afresh.
    const down = (e: MouseEvent) => {
      if (e.button !== 0 || afterLongPress.current || (e.target as HTMLElement).closest(MARKER)) return;
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed && page.contains(selection.anchorNode)) selection.removeAllRanges();
    };
    // One controller removes every listener when the effect ends.
    const listeners = new AbortController();
    const { signal } = listeners;
    page.addEventListener('mousedown', down, { capture: true, signal });
    page.addEventListener('dragstart', (e) => e.preventDefault(), { signal });
    return () => listeners.abort();
  }, [layer]);

  useEffect(() => {
    const box = layer.current;
    const page = box?.closest<HTMLElement>('.react-pdf__Page');
    const textLayer = page?.querySelector<HTMLElement>('.react-pdf__Page__textContent');
    if (!placing || !box || !page) return;

    /** Places the pointer at the selected words (quoting them), else at the given point of the window. */
    const place = (clientX?: number, clientY?: number): boolean => {
      const frame = box.getBoundingClientRect();
      const selected = selectionIn(page);
      const at = selected?.first
        ? { x: selected.first.left - frame.left, y: selected.first.top + selected.first.height / 2 - frame.top }
        : clientX !== undefined && clientY !== undefined
          ? { x: clientX - frame.left, y: clientY - frame.top }
          : null;
      if (!at || at.x < 0 || at.y < 0 || at.x > frame.width || at.y > frame.height) return false;
      placeRef.current(pointFromPixels(at, sizeRef.current), selected?.text ?? null);
      return true;
    };

    // What was selected before Comment was pressed is the quote.
    place();

    const up = (e: MouseEvent) => {
      if (e.button !== 0 || (e.target as HTMLElement).closest(MARKER)) return;
      if (afterLongPress.current) {
        afterLongPress.current = false;
        return;
      }
      place(e.clientX, e.clientY);
    };

    let press: { id: number; x: number; y: number; timer: number } | null = null;
    let touching = false;
    const endPress = () => {
      if (press) window.clearTimeout(press.timer);
      press = null;
    };
    const pointerDown = (e: PointerEvent) => {
      afterLongPress.current = false;
      touching = e.pointerType === 'touch';
      if (!touching || !textLayer || (e.target as HTMLElement).closest(MARKER)) return;
      endPress();
      const { clientX: x, clientY: y } = e;
      const timer = window.setTimeout(() => {
        press = null;
        const sentence = sentenceRangeAt(textLayer, x, y);
        if (!sentence) return;
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(sentence);
        afterLongPress.current = place(x, y);
      }, LONG_PRESS_MS);
      press = { id: e.pointerId, x, y, timer };
    };
    const pointerMove = (e: PointerEvent) => {
      if (press?.id === e.pointerId && Math.hypot(e.clientX - press.x, e.clientY - press.y) > LONG_PRESS_SLOP)
        endPress();
    };
    // On touch, the long press is this layer's: neither the phone's menu nor its own word selection.
    const touchOnly = (e: Event) => {
      if (touching) e.preventDefault();
    };

    const previous = page.style.cursor;
    page.style.cursor = 'crosshair';
    // One controller removes every listener when comment mode ends.
    const listeners = new AbortController();
    const { signal } = listeners;
    page.addEventListener('mouseup', up, { signal });
    page.addEventListener('pointerdown', pointerDown, { signal });
    page.addEventListener('pointermove', pointerMove, { signal });
    page.addEventListener('pointerup', endPress, { signal });
    page.addEventListener('pointercancel', endPress, { signal });
    page.addEventListener('contextmenu', touchOnly, { signal });
    page.addEventListener('selectstart', touchOnly, { signal });
    return () => {
      listeners.abort();
      endPress();
      afterLongPress.current = false;
      page.style.cursor = previous;
    };
  }, [layer, placing]);
}
