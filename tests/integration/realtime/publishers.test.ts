import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { recordEvent } from '@server/commands/events/record-event.js';
import { publishThreadDeleted } from '@server/realtime/publishers/threads.js';
import { type TestApp } from '@tests/support/app.js';
import {
  type Cast,
  connected,
  createDeal,
  type Deal,
  nextMessage,
  openSocket,
  record,
  subscribe,
  negotiationSetup,
} from '@tests/support/negotiation.js';

// server/realtime/publishers: a message is sent after its transaction commits, never for one that
// rolled back.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

/** Writes an event and announces a thread deletion in one transaction, then fails it when asked. */
function change(threadId: number, fail: boolean) {
  return t.core.tx(async (tx) => {
    await recordEvent(t.core, tx, {
      projectId: deal.projectId,
      projectBranchId: deal.a.branchId,
      authorId: cast.owner.id,
      status: 'comments_thread_deleted',
      ndaId: deal.a.ndaId,
      subjectId: threadId,
    });
    publishThreadDeleted(t.core, tx, { nda: deal.a.ndaId, project: deal.projectId, thread: threadId });
    if (fail) throw new Error('rolled back');
  });
}

describe('publishers', () => {
  it('send nothing for a rolled-back transaction', async () => {
    const s = openSocket(url, cast.owner.access, open);
    await connected(s);
    expect(await subscribe(s, { projectId: deal.projectId })).toMatchObject({ ok: true });
    expect(await subscribe(s, { ndaId: deal.a.ndaId })).toMatchObject({ ok: true });
    const log = record(s, ['event.created', 'thread.deleted']);

    await expect(change(901, true)).rejects.toThrow('rolled back');
    // A committed change sent afterwards arrives after the rolled-back one would have.
    const arrived = nextMessage(s, 'thread.deleted', (m: { id: number }) => m.id === 902);
    await change(902, false);
    // Sent in the order they were published: the event first.
    await arrived;

    expect(log.map((m) => [m.event, m.payload.subject ?? m.payload.id])).toEqual([
      ['event.created', 902],
      ['thread.deleted', 902],
    ]);
    const rows = await t.core.db
      .selectFrom('events')
      .select('subjectId')
      .where('subjectId', 'in', [901, 902])
      .execute();
    expect(rows.map((r) => r.subjectId)).toEqual([902]);
  });
});
