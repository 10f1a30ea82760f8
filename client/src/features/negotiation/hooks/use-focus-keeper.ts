import { type RefObject, useEffect } from 'react';

/**
 * Keeps the keyboard focus on the page when what holds it goes away: a thread deleted by the other
 * side, buttons that disappear once a thread is settled, a button disabled while its call runs, the
 * button that opened a dialog and is gone when the dialog closes. The focus then goes to the nearest
 * place that is still there, marked `data-focus-return` (its value, when given, picks an element inside
 * it, else the place itself takes the focus), or to `root`. A click elsewhere is the user's choice and
 * is left alone; focus inside a dialog or a menu (rendered outside `root`) keeps the place it came from.
 */
export function useFocusKeeper(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    let last: HTMLElement | null = null;
    let homes: HTMLElement[] = [];

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!container.contains(target)) return;
      last = target;
      homes = [];
      for (let el = target.parentElement; el && el !== container; el = el.parentElement)
        if (el.hasAttribute('data-focus-return')) homes.push(el);
    };

    const check = () => {
      if (!last) return;
      const active = document.activeElement;
      if (active && active !== document.body && active !== last) return;
      const usable = last.isConnected && !last.matches(':disabled');
      if (usable) return;
      last = null;
      // The first place still there that takes the focus: the element its value picks, else itself.
      for (const home of homes) {
        if (!home.isConnected) continue;
        const selector = home.getAttribute('data-focus-return');
        const picked = selector ? home.querySelector<HTMLElement>(selector) : null;
        for (const candidate of [picked, home]) {
          if (!candidate || candidate.matches(':disabled')) continue;
          candidate.focus({ preventScroll: true });
          if (document.activeElement === candidate) return;
        }
      }
      container.focus({ preventScroll: true });
    };

    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [root]);
}
