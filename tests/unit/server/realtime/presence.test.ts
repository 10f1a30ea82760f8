import { describe, expect, it } from 'vitest';
import type { RealtimeServer } from '@server/realtime/publisher.js';
import { announcePresence } from '@server/realtime/presence.js';

// announcePresence reads the room through the adapter (every server's sockets) and emits its list.

type Sent = { room: string; event: string; message: { nda: number; viewers: unknown[] } };

/** A socket.io server stand-in: fetchSockets answers what `answers` says, in the order they resolve. */
function serverOf(answers: Array<() => Promise<unknown[]>>): { io: RealtimeServer; sent: Sent[] } {
  const sent: Sent[] = [];
  let call = 0;
  const io = {
    in: () => ({ fetchSockets: answers[call++]! }),
    to: (room: string) => ({
      emit: (event: string, message: Sent['message']) => sent.push({ room, event, message }),
    }),
  } as unknown as RealtimeServer;
  return { io, sent };
}

const viewer = (id: number, page: number) => ({
  data: { actor: { user: { id } }, presenceName: `User ${id}`, pages: { 'nda:7': page } },
});

describe('presence announcements', () => {
  it('send nothing, and do not throw, when another server does not answer in time', async () => {
    const { io, sent } = serverOf([() => Promise.reject(new Error('timeout reached: only 0 responses received'))]);
    await expect(announcePresence(io, 'nda:7')).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('drop a list read before a later one that answered first', async () => {
    let answerFirst: (sockets: unknown[]) => void = () => {};
    const { io, sent } = serverOf([
      () => new Promise((resolve) => (answerFirst = resolve)),
      () => Promise.resolve([viewer(1, 3)]),
    ]);
    const first = announcePresence(io, 'nda:7');
    await announcePresence(io, 'nda:7');
    answerFirst([viewer(1, 1)]);
    await first;
    expect(sent).toEqual([
      {
        room: 'nda:7',
        event: 'presence.changed',
        message: { nda: 7, viewers: [{ userId: 1, name: 'User 1', page: 3 }] },
      },
    ]);
  });
});
