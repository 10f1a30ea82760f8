import { useEffect } from 'react';

/** The spec's send modal closes 3 seconds after success. */
export const SENT_MODAL_MS = 3000;

export function useCloseAfter(active: boolean, onDone: () => void, ms = SENT_MODAL_MS): void {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(onDone, ms);
    return () => clearTimeout(timer);
  }, [active, onDone, ms]);
}
