import type { Socket } from 'socket.io-client';
import type { PresenceChanged, PresenceViewer } from '@shared/realtime/contract.js';
import { applyPresence } from '@shared/realtime/presence.js';
import { withTimeout } from './wait.js';

/** The viewers a socket knows of an NDA, folded from its presence.changed messages; each message kept. */
export function presenceOf(s: Socket, ndaId: number) {
  const state = { viewers: [] as PresenceViewer[], messages: [] as PresenceChanged[] };
  s.on('presence.changed', (m: PresenceChanged) => {
    if (m.nda !== ndaId) return;
    state.messages.push(m);
    state.viewers = applyPresence(state.viewers, m);
  });
  return {
    state,
    /** Resolves once the folded list passes the check. */
    until: (check: (viewers: PresenceViewer[]) => boolean) =>
      withTimeout(
        new Promise<PresenceViewer[]>((resolve) => {
          const look = () => {
            if (!check(state.viewers)) return;
            s.off('presence.changed', look);
            resolve(state.viewers);
          };
          s.on('presence.changed', look);
          look();
        }),
        10_000,
        'presence',
      ),
  };
}
