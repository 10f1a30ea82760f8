import { type RoomTarget, SOCKET_ERRORS, type SubscribeAck } from '@shared/realtime/contract';
import type { RealtimeSocket } from './create-socket';

export type JoinedListener = (ack: SubscribeAck & { ok: true }) => void;

interface Membership {
  target: RoomTarget;
  listeners: Set<JoinedListener>;
}

export function roomKey(target: RoomTarget): string {
  return 'ndaId' in target ? `nda:${target.ndaId}` : `project:${target.projectId}`;
}

/**
 * The rooms this browser's socket is in, counted by who needs them: the only place that sends
 * subscribe and unsubscribe. A room is joined when its first user arrives and again after every
 * reconnect (a new connection has no rooms), and left when its last user goes, so a page that
 * leaves a project does not take it from the app-wide activity feed that follows it too.
 */
/** Subscribes on their way at once; the server limits what each socket may send (SOCKET_ERRORS.tooMany). */
const IN_FLIGHT = 5;
/** How long to wait before asking again after the server said too many. */
const BACK_OFF_MS = 1_000;
/** The longest pause between tries of a subscribe that went unanswered. */
const MAX_BACK_OFF_MS = 30_000;
/** How long a subscribe may wait for its answer. */
const ANSWER_MS = 10_000;

export class RoomMemberships {
  private readonly rooms = new Map<string, Membership>();
  /** Subscribes waiting for a free place: the room's key, who to tell, and how many tries went unanswered. */
  private readonly waiting: Array<{ key: string; only?: JoinedListener; failures?: number }> = [];
  private inFlight = 0;
  private pausedUntil = 0;

  constructor(private readonly socket: RealtimeSocket) {
    socket.on('connect', () => {
      for (const key of this.rooms.keys()) this.subscribe(key);
    });
  }

  /** Joins the room for one user; listener runs each time it is (re)joined. Answers the leave. */
  join(target: RoomTarget, listener: JoinedListener): () => void {
    const key = roomKey(target);
    const existing = this.rooms.get(key);
    const membership = existing ?? { target, listeners: new Set<JoinedListener>() };
    membership.listeners.add(listener);
    this.rooms.set(key, membership);
    // A room already joined is asked again for the newcomer only: its catch-up starts from now.
    if (this.socket.connected) this.subscribe(key, existing ? listener : undefined);
    return () => {
      membership.listeners.delete(listener);
      if (membership.listeners.size || this.rooms.get(key) !== membership) return;
      this.rooms.delete(key);
      if (this.socket.connected) this.socket.emit('unsubscribe', target, () => undefined);
    };
  }

  /** Whether a page of this browser keeps the room: an NDA's room is kept by its open review page. */
  has(target: RoomTarget): boolean {
    return this.rooms.has(roomKey(target));
  }

  private subscribe(key: string, only?: JoinedListener): void {
    this.waiting.push({ key, only });
    this.pump();
  }

  /** Sends what waits, a few at a time, after any pause the server asked for. */
  private pump(): void {
    const wait = this.pausedUntil - Date.now();
    if (wait > 0) {
      setTimeout(() => this.pump(), wait);
      return;
    }
    while (this.inFlight < IN_FLIGHT && this.waiting.length) {
      const { key, only, failures = 0 } = this.waiting.shift()!;
      const membership = this.rooms.get(key);
      if (!membership || !this.socket.connected) continue;
      this.inFlight++;
      this.socket.timeout(ANSWER_MS).emit('subscribe', membership.target, (err, ack) => {
        this.inFlight--;
        if (!err && !ack.ok && ack.error === SOCKET_ERRORS.tooMany) {
          this.pausedUntil = Date.now() + BACK_OFF_MS;
          this.waiting.unshift({ key, only, failures });
        } else if ((err || (!ack.ok && ack.retry)) && this.socket.connected) {
          // No answer in time, or the server's own trouble: the page would stay deaf to the room, so it
          // is asked again, waiting longer each time (a reconnect asks for every room anyway).
          this.pausedUntil = Date.now() + Math.min(BACK_OFF_MS * 2 ** failures, MAX_BACK_OFF_MS);
          this.waiting.push({ key, only, failures: failures + 1 });
        } else this.joined(key, membership, err ? null : ack, only);
        this.pump();
      });
    }
  }

  private joined(key: string, membership: Membership, ack: SubscribeAck | null, only?: JoinedListener): void {
    const current = this.rooms.get(key);
    if (!current) {
      // Everyone left while the join was on its way.
      if (ack?.ok && this.socket.connected) this.socket.emit('unsubscribe', membership.target, () => undefined);
      return;
    }
    if (!ack?.ok) return;
    for (const listener of only ? [only] : current.listeners) if (current.listeners.has(listener)) listener(ack);
  }
}

const bySocket = new WeakMap<RealtimeSocket, RoomMemberships>();

/** The memberships of one socket (one per connection lifetime of a signed-in user). */
export function roomMemberships(socket: RealtimeSocket): RoomMemberships {
  let memberships = bySocket.get(socket);
  if (!memberships) {
    memberships = new RoomMemberships(socket);
    bySocket.set(socket, memberships);
  }
  return memberships;
}

/** Whether this browser shows the NDA's review page now (the one page that keeps its room). */
export function hasNdaOpen(socket: RealtimeSocket, ndaId: number): boolean {
  return roomMemberships(socket).has({ ndaId });
}
