import type { Socket } from 'socket.io';
import { SOCKET_ERRORS } from '@shared/realtime/contract.js';
import { type Rate, TokenBucket } from './token-bucket.js';

export interface SocketLimits {
  /** Messages one socket may send. */
  perSocket: Rate;
  /** Messages all of one user's sockets on this process may send together. */
  perUser: Rate;
  /** Messages refused for being over a limit before the socket is disconnected. */
  refusals: Rate;
}

/**
 * Far above what pages send (a subscribe per page opened, a presence update per page turned) and far
 * below what would make the database wait on one user. A reconnect of a signed-in app joins every
 * project the user follows, one subscribe each: the app sends a few at a time and, told tooMany, waits
 * a second (client/src/features/realtime/api/room-memberships.ts), which stays within `refusals`.
 */
export const SOCKET_LIMITS: SocketLimits = {
  perSocket: { burst: 50, perSecond: 20 },
  perUser: { burst: 100, perSecond: 40 },
  refusals: { burst: 50, perSecond: 10 },
};

interface UserState {
  bucket: TokenBucket;
  sockets: number;
  /** The end of the user's queue of database work: one piece at a time per user. */
  lane: Promise<unknown>;
}

export interface MessageLimits {
  /** Puts every message the socket sends through its own and its user's buckets. */
  guard(socket: Socket, userId: number, onFlood: () => void): void;
  /** Runs fn after the user's earlier database work: a user's messages never queue up on the database side by side. */
  inTurn<T>(userId: number, fn: () => Promise<T>): Promise<T>;
}

/**
 * Token buckets per socket and per user for every message a client sends (subscribe, unsubscribe,
 * presence.update, and names the server does not know). A message over a limit is refused before any
 * handler runs: its acknowledgement, if it asked for one, carries SOCKET_ERRORS.tooMany. A socket
 * that keeps sending over the limit empties its refusal bucket and is disconnected. The counts are per
 * process: behind a load balancer a user's sockets on another process have buckets of their own.
 */
export function createMessageLimits(limits: SocketLimits, now: () => number = () => performance.now()): MessageLimits {
  const users = new Map<number, UserState>();
  // A user's bucket outlives their last socket until it would be full again, so reconnecting does not refill it.
  const fullAfterMs = (limits.perUser.burst / limits.perUser.perSecond) * 1000;

  const userState = (userId: number): UserState => {
    let state = users.get(userId);
    if (!state)
      users.set(
        userId,
        (state = { bucket: new TokenBucket(limits.perUser, now), sockets: 0, lane: Promise.resolve() }),
      );
    return state;
  };

  return {
    guard(socket, userId, onFlood) {
      const user = userState(userId);
      user.sockets++;
      const own = new TokenBucket(limits.perSocket, now);
      const refusals = new TokenBucket(limits.refusals, now);
      socket.use((packet, next) => {
        const ack = packet.at(-1);
        const answer = (error: string) => {
          if (typeof ack === 'function') (ack as (a: { ok: false; error: string }) => void)({ ok: false, error });
        };
        if (own.has() && user.bucket.has()) {
          own.take();
          user.bucket.take();
          // A name no handler listens to would otherwise leave its acknowledgement unanswered.
          if (socket.listeners(String(packet[0])).length === 0) return answer(SOCKET_ERRORS.unknown);
          return next();
        }
        answer(SOCKET_ERRORS.tooMany);
        if (!refusals.take()) onFlood();
      });
      socket.once('disconnect', () => {
        user.sockets--;
        if (user.sockets > 0) return;
        setTimeout(() => {
          if (users.get(userId) === user && user.sockets === 0) users.delete(userId);
        }, fullAfterMs).unref();
      });
    },
    inTurn(userId, fn) {
      const user = userState(userId);
      const run = user.lane.then(fn, fn);
      user.lane = run.catch(() => undefined);
      return run;
    },
  };
}
