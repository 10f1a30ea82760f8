import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { PresenceChanged, PresenceViewer } from '@shared/realtime/contract.js';
import { applyPresence } from '@shared/realtime/presence.js';
import { attachPresence, PRESENCE_INTERVAL_MS, type PresenceClock } from '@server/realtime/presence.js';
import { type PeerMessage, PresenceRooms } from '@server/realtime/presence-rooms.js';
import type { RealtimeServer } from '@server/realtime/publisher.js';

const ROOM = 'nda:7';
const alice = { userId: 1, name: 'Alice', page: 1 };
const bob = { userId: 2, name: 'Bob', page: 1 };
const carol = { userId: 3, name: 'Carol', page: 1 };

/** A clock the test moves: now() and timers that fire when the test says. */
function testClock() {
  let now = 1_000;
  const timers: Array<{ at: number; fn: () => void }> = [];
  const clock: PresenceClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.push({ at: now + ms, fn });
      return {};
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = next.at;
      next.fn();
    }
    now = until;
  };
  return { clock, advance, pending: () => timers.length };
}

describe('presence rooms (one process)', () => {
  it('gather joins into one flush: each joining socket gets the whole list once, nobody gets more', () => {
    const p = new PresenceRooms('a');
    p.join(ROOM, 's1', alice);
    p.join(ROOM, 's2', bob);
    p.join(ROOM, 's3', carol);
    const out = p.flush();
    expect(out.changes).toEqual([]);
    expect(out.lists).toEqual([
      {
        room: ROOM,
        sockets: ['s1', 's2', 's3'],
        message: { nda: 7, viewers: [alice, bob, carol], left: [], full: true },
      },
    ]);
    expect(p.pending).toBe(false);
    expect(p.flush()).toEqual({ changes: [], lists: [], peers: [] });
  });

  it('send the others only what changed, and the newcomer the list', () => {
    const p = new PresenceRooms('a');
    p.join(ROOM, 's1', alice);
    p.join(ROOM, 's2', bob);
    p.flush();
    p.setPage(ROOM, 's2', 4);
    p.leave(ROOM, 's1');
    p.join(ROOM, 's3', carol);
    const out = p.flush();
    expect(out.changes).toEqual([
      {
        room: ROOM,
        except: ['s3'],
        message: { nda: 7, viewers: [{ ...bob, page: 4 }, carol], left: [1], full: false },
      },
    ]);
    expect(out.lists[0]!.message.viewers).toEqual([{ ...bob, page: 4 }, carol]);
  });

  it('show a user with two sockets once, on the page moved to last, until both leave', () => {
    let now = 0;
    const p = new PresenceRooms('a', () => now);
    p.join(ROOM, 'watcher', carol);
    p.join(ROOM, 'tab1', alice);
    now = 1;
    p.join(ROOM, 'tab2', alice);
    p.flush();
    now = 2;
    p.setPage(ROOM, 'tab1', 3);
    expect(p.flush().changes[0]!.message.viewers).toEqual([{ ...alice, page: 3 }]);
    p.leave(ROOM, 'tab1');
    const afterOne = p.flush().changes[0]?.message;
    // The other tab (page 1) is still there.
    expect(afterOne).toEqual({ nda: 7, viewers: [alice], left: [], full: false });
    p.leave(ROOM, 'tab2');
    expect(p.flush().changes[0]!.message).toEqual({ nda: 7, viewers: [], left: [1], full: false });
  });

  it('send nothing to a room whose sockets all left, and nothing for a change that was undone', () => {
    const p = new PresenceRooms('a');
    p.join(ROOM, 's1', alice);
    p.join(ROOM, 's2', bob);
    p.flush();
    p.setPage(ROOM, 's2', 5);
    p.setPage(ROOM, 's2', 1);
    expect(p.flush().changes).toEqual([]);
    p.leave(ROOM, 's1');
    p.leave(ROOM, 's2');
    const out = p.flush();
    expect([out.changes, out.lists]).toEqual([[], []]);
  });
});

describe('presence rooms (several processes)', () => {
  /** Delivers each process's message for the others to every other process, as serverSideEmit does. */
  function cluster(...processes: PresenceRooms[]) {
    return () => {
      const outs = processes.map((p) => ({ p, out: p.flush() }));
      for (const { p, out } of outs)
        for (const message of out.peers) for (const other of processes) if (other !== p) other.receive(message);
      return outs.map((o) => o.out);
    };
  }

  it("merge each process's viewers, so every socket sees the whole room", () => {
    const a = new PresenceRooms('A');
    const b = new PresenceRooms('B');
    const tick = cluster(a, b);
    b.receive({ kind: 'hello', uid: 'A' });
    a.join(ROOM, 'a1', alice);
    b.join(ROOM, 'b1', bob);
    let lists: Record<string, PresenceViewer[]> = { a1: [], b1: [] };
    for (let i = 0; i < 4; i++)
      for (const [index, out] of tick().entries()) {
        const socket = index === 0 ? 'a1' : 'b1';
        for (const m of [...out.lists, ...out.changes].map((x) => x.message))
          lists = { ...lists, [socket]: applyPresence(lists[socket], m) };
      }
    expect(lists).toEqual({ a1: [alice, bob], b1: [alice, bob] });

    // B stops saying it is there: A forgets its viewers.
    a.expire(Number.POSITIVE_INFINITY);
    expect(a.flush().changes[0]!.message).toEqual({ nda: 7, viewers: [], left: [2], full: false });
  });

  it('ask a process for its whole state after missing one of its messages, and forget one that says goodbye', () => {
    const a = new PresenceRooms('A');
    const b = new PresenceRooms('B');
    b.join(ROOM, 'b1', bob);
    a.join(ROOM, 'a1', alice);
    b.receive({ kind: 'full', uid: 'A', seq: 0, rooms: {} });
    const lost = a.flush().peers; // never reaches B
    expect(lost).toMatchObject([{ kind: 'diff', seq: 1 }]);
    a.setPage(ROOM, 'a1', 2);
    b.receive(a.flush().peers[0]!);
    const ask = b.flush().peers.at(-1);
    expect(ask).toEqual({ kind: 'sync', uid: 'B', from: 'A' });
    a.receive(ask!);
    const full = a.flush().peers[0] as Extract<PeerMessage, { kind: 'full' }>;
    expect(full).toMatchObject({ kind: 'full', uid: 'A', seq: 2, rooms: { [ROOM]: [{ userId: 1, page: 2 }] } });
    b.receive(full);
    // B's socket had the list without A's viewer; now it hears of her, on the page she is on.
    expect(b.flush().changes[0]!.message).toEqual({ nda: 7, viewers: [{ ...alice, page: 2 }], left: [], full: false });
    b.receive({ kind: 'bye', uid: 'A' });
    expect(b.flush().changes[0]!.message).toMatchObject({ viewers: [], left: [1] });
  });
});

describe('presence on a socket server', () => {
  /** A socket.io server stand-in: the adapter's room events, and what reaches its sockets. */
  function server() {
    const adapter = Object.assign(new EventEmitter(), { uid: 'A' });
    const sockets = new Map<string, { id: string; data: object }>();
    const sent: Array<{ to: string[]; except: string[]; message: PresenceChanged }> = [];
    const target = (to: string[], except: string[] = []) => ({
      except: (more: string[]) => target(to, [...except, ...more]),
      emit: (_event: string, message: PresenceChanged) => sent.push({ to, except, message }),
    });
    const io = {
      of: () => ({ adapter, sockets }),
      local: { to: (to: string | string[]) => target(([] as string[]).concat(to)) },
      on: () => undefined,
      serverSideEmit: () => true,
    } as unknown as RealtimeServer;
    const join = (id: string, viewer: PresenceViewer) => {
      sockets.set(id, { id, data: { actor: { user: { id: viewer.userId } }, presenceName: viewer.name } });
      adapter.emit('join-room', ROOM, id);
    };
    return { io, adapter, join, sent };
  }

  it('sends at most one message per room every 100 ms, whatever arrives meanwhile', () => {
    const { clock, advance } = testClock();
    const { io, adapter, join, sent } = server();
    attachPresence(io, { clustered: false, beforeClose: async () => {}, afterClose: async () => {} }, clock);
    join('s1', alice);
    advance(0);
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 50; i++) join(`x${i}`, { userId: 100 + i, name: `Viewer ${i}`, page: 1 });
    advance(PRESENCE_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    advance(1);
    // One change to the socket already there, one whole list to the fifty newcomers.
    expect(sent.slice(1).map((s) => [s.to.length, s.message.full, s.message.viewers.length])).toEqual([
      [1, false, 50],
      [50, true, 51],
    ]);
    for (let i = 0; i < 50; i++) adapter.emit('leave-room', ROOM, `x${i}`);
    advance(PRESENCE_INTERVAL_MS);
    expect(sent.at(-1)!.message).toMatchObject({ viewers: [], full: false });
    expect(sent.at(-1)!.message.left).toHaveLength(50);
    expect(sent).toHaveLength(4);
  });
});
