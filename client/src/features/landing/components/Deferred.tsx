import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Renders lazily loaded children once the browser is idle after the page is drawn (at most a second
 * later), so what they load is not part of the page's first load. The space they take is kept
 * meanwhile, so nothing below moves when they appear.
 */
export function Deferred({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  const placeholder = <div style={{ minHeight }} />;
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
