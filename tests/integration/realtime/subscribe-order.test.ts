import type { Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { publishThreadDeleted } from '@server/realtime/publishers/threads.js';
import type { TestApp } from '@tests/support/app.js';
import {
  type Cast,
  connected,
  createDeal,
  type Deal,
  negotiationSetup,
  nextMessage,
  openSocket,
  subscribe,
} from '@tests/support/negotiation.js';

// server/realtime/subscriptions.ts: a socket's subscribe and unsubscribe for one target are handled in
// the order they were sent. A page that leaves a room and joins it again at once (a page closed and
// opened again) ends in the room, whatever the database work of each message takes.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

const unsubscribe = (s: Socket, target: { projectId: number }) =>
  s.timeout(10_000).emitWithAck('unsubscribe', target) as Promise<{ ok: boolean }>;

it('a leave still reading its rooms does not undo the join that follows it', async () => {
  const s = openSocket(url, cast.owner.access, open);
  await connected(s);
  const target = { projectId: deal.projectId };
  for (let round = 1; round <= 5; round++) {
    // Joined; a leave sent before the join was answered; joined again as soon as the first join is.
    const first = subscribe(s, target);
    const leave = unsubscribe(s, target);
    expect(await first).toMatchObject({ ok: true });
    expect(await subscribe(s, target)).toMatchObject({ ok: true });
    expect(await leave).toMatchObject({ ok: true });
    // Still in the project's room: what is published to it arrives.
    const id = 9_000 + round;
    const arrived = nextMessage(s, 'thread.deleted', (m: { id: number }) => m.id === id, 5_000);
    await t.core.tx(async (tx) =>
      publishThreadDeleted(t.core, tx, { nda: deal.a.ndaId, project: deal.projectId, thread: id }),
    );
    await arrived;
    expect(await unsubscribe(s, target)).toMatchObject({ ok: true });
  }
});
