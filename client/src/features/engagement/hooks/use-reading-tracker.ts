import { useCallback, useEffect, useRef } from 'react';
import { VIEW_BATCH_SECONDS } from '@shared/engagement';
import { sendViews } from '../api/engagement';

/** What is being read: a deal document or a group's NDA. */
export type ReadingTarget = { document: number } | { nda: number };

/** Share of a page that must be on screen for it to count as in view. */
const IN_VIEW = 0.3;
const TICK_MS = 1000;

/**
 * Counts the seconds each page of a document is in view while the browser tab is visible, and sends
 * them in a batch every 15 s, when the tab is hidden or closed, and when the viewer closes. Returns a
 * ref callback for each page's element. Null: nothing is counted (the sending team's own viewer).
 */
export function useReadingTracker(target: ReadingTarget | null) {
  const inView = useRef(new Set<number>());
  const seconds = useRef(new Map<number, number>());
  const elements = useRef(new Map<Element, number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const key = target ? JSON.stringify(target) : null;

  useEffect(() => {
    if (!key) return;
    const what = JSON.parse(key) as ReadingTarget;
    const visible = inView.current;
    const counted = seconds.current;
    observer.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = elements.current.get(entry.target);
          if (page === undefined) continue;
          if (entry.isIntersecting && entry.intersectionRatio >= IN_VIEW) visible.add(page);
          else visible.delete(page);
        }
      },
      { threshold: [0, IN_VIEW, 1] },
    );
    for (const el of elements.current.keys()) observer.current.observe(el);

    const flush = (keepalive: boolean) => {
      const pages = [...counted.entries()]
        .filter(([, s]) => s >= 1)
        .map(([page, s]) => ({ page, seconds: Math.round(s) }));
      counted.clear();
      if (pages.length === 0) return;
      // Reading time is best effort: a batch that fails is dropped, never retried into a burst.
      sendViews({ ...what, pages }, keepalive).catch(() => undefined);
    };
    let last = performance.now();
    const tick = window.setInterval(() => {
      const now = performance.now();
      // A timer held back (a sleeping laptop) never adds more than two ticks.
      const elapsed = Math.min(now - last, 2 * TICK_MS) / 1000;
      last = now;
      if (document.visibilityState !== 'visible') return;
      for (const page of visible) counted.set(page, (counted.get(page) ?? 0) + elapsed);
    }, TICK_MS);
    const batch = window.setInterval(() => flush(false), VIEW_BATCH_SECONDS * 1000);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(batch);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      observer.current?.disconnect();
      observer.current = null;
      visible.clear();
      flush(true);
    };
  }, [key]);

  /** The ref callback of page `page` (1-based), the same function on every render. */
  const refs = useRef(new Map<number, (el: Element | null) => void>());
  return useCallback((page: number) => {
    let ref = refs.current.get(page);
    if (!ref) {
      let current: Element | null = null;
      ref = (el: Element | null) => {
        if (current) {
          observer.current?.unobserve(current);
          elements.current.delete(current);
          inView.current.delete(page);
        }
        current = el;
        if (el) {
          elements.current.set(el, page);
          observer.current?.observe(el);
        }
      };
      refs.current.set(page, ref);
    }
    return ref;
  }, []);
}
