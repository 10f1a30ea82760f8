import { useCallback, useMemo } from 'react';
import type { Marker } from '../components/PointerLayer';
import { statusLabel } from '../status-labels';
import type { Thread } from '../types';

const PIN_COLORS: Record<string, string> = {
  gray: '#5c6b84',
  teal: '#0c8599',
  green: '#2b8a3e',
  orange: '#e8590c',
  red: '#c92a2a',
};

/**
 * The threads as the page shows them: numbered in the order they were opened (the pins carry the
 * same numbers), by id, and the pins of a page, coloured by negotiation status.
 */
export function useThreadMarkers(threads: Thread[] | undefined) {
  const numbers = useMemo(
    () => new Map([...(threads ?? [])].sort((a, b) => a.id - b.id).map((t, i) => [t.id, i + 1])),
    [threads],
  );
  const byId = useMemo(() => new Map((threads ?? []).map((t) => [t.id, t])), [threads]);

  const markersOf = useCallback(
    (pageNumber: number): Marker[] =>
      (threads ?? []).flatMap((thread) =>
        thread.pointers
          .filter((p) => p.page === pageNumber)
          .map((p) => {
            const number = numbers.get(thread.id) ?? 0;
            const status = statusLabel(thread.negotiationStatus);
            return {
              pointerId: p.id,
              threadId: thread.id,
              number,
              x: p.x,
              y: p.y,
              color: PIN_COLORS[status.color] ?? PIN_COLORS.gray!,
              label: `Comment ${number} by ${thread.author}: ${status.label}`,
            };
          }),
      ),
    [threads, numbers],
  );
  return { numbers, byId, markersOf };
}
