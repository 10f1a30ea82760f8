import { useEffect, useRef } from 'react';
import { readAfresh } from '@client/lib/read-afresh';
import { trpc } from '@client/lib/trpc';
import { listen, useRealtime } from '@client/features/realtime';

/** Events after which the filter's projects and groups may have changed. */
const CHOICE_EVENTS = new Set(['new_project', 'recipient_added', 'recipient_removed']);

/**
 * The reports' one place for live changes. Every project the user runs is followed by the app's
 * event sync (its rooms are joined there); here each event of them, and each signature, marks the
 * reports stale, and the figures on screen are read again. A new project or a group changed also
 * refreshes the filter's choices. After a reconnect, what was missed meanwhile is read again.
 */
export function useReportsLive(): void {
  const utils = trpc.useUtils();
  const { socket, connected } = useRealtime();
  const link = useRef({ seen: false, lost: false });
  useEffect(() => {
    const state = link.current;
    if (!connected) {
      state.lost = state.seen;
      return;
    }
    if (state.lost) void utils.reports.invalidate();
    state.seen = true;
    state.lost = false;
  }, [connected, utils]);
  useEffect(() => {
    if (!socket) return;
    return listen(socket, {
      'event.created': (event) => {
        void readAfresh(utils.reports.metrics, undefined);
        void readAfresh(utils.reports.breakdown, undefined);
        if (CHOICE_EVENTS.has(event.status)) void readAfresh(utils.reports.choices, undefined);
      },
      'nda.signed': () => {
        void readAfresh(utils.reports.metrics, undefined);
        void readAfresh(utils.reports.breakdown, undefined);
      },
    });
  }, [socket, utils]);
}
