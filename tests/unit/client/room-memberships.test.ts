import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomTarget, SubscribeAck } from '@shared/realtime/contract';
import { RoomMemberships } from '@client/features/realtime/api/room-memberships';
import type { RealtimeSocket } from '@client/features/realtime/api/create-socket';

// The rooms a browser keeps: a subscribe that goes unanswered, or that the server could not answer for
// its own reasons, is asked again (the page would otherwise hear nothing of its room); a refusal is not.

type Answer = (err: Error | null, ack: SubscribeAck) => void;

/** The slice of a socket.io client socket the memberships use; the test answers each subscribe. */
function fakeSocket() {
  const sent: Array<{ target: RoomTarget; answer: Answer }> = [];
  const socket = {
    connected: true,
    on: () => socket,
    emit: () => true,
    timeout: () => ({
      emit: (_event: 'subscribe', target: RoomTarget, answer: Answer) => void sent.push({ target, answer }),
    }),
  };
  return { socket: socket as unknown as RealtimeSocket, sent };
}

describe('RoomMemberships', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again, waiting longer each time, when a subscribe times out or the server had trouble', async () => {
    const { socket, sent } = fakeSocket();
    const joined = vi.fn();
    new RoomMemberships(socket).join({ ndaId: 7 }, joined);
    expect(sent).toHaveLength(1);

    sent[0]!.answer(new Error('operation has timed out'), undefined as unknown as SubscribeAck);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);

    sent[1]!.answer(null, { ok: false, error: 'Temporary server issues. Please try again later', retry: true });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.target).toEqual({ ndaId: 7 });

    sent[2]!.answer(null, { ok: true, rooms: ['nda:7'] });
    expect(joined).toHaveBeenCalledOnce();
  });

  it('does not ask again after a refusal', async () => {
    const { socket, sent } = fakeSocket();
    const joined = vi.fn();
    new RoomMemberships(socket).join({ ndaId: 8 }, joined);
    sent[0]!.answer(null, { ok: false, error: 'Not found.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(joined).not.toHaveBeenCalled();
  });
});
