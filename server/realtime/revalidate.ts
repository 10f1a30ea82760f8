import type { Core } from '../core.js';
import type { UserRow } from '../db/schema.js';
import type { Actor } from '../policies/actor.js';
import type { AccessTargets, RealtimeServer } from './publisher.js';
import { parseGuardedRoom, rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';
import { mayStayIn } from './subscriptions.js';

/**
 * Membership of a room is checked when a socket subscribes; these re-check it when access changes
 * (a recipient taken out of a group, a team member off a project, a removed account, a deleted NDA)
 * and when socket.io restores a connection, so live messages stop with the access.
 */

/** The users as they are now; one removed or deactivated is missing. */
async function currentUsers(core: Core, ids: number[]): Promise<Map<number, UserRow>> {
  if (!ids.length) return new Map();
  const rows = await core.db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', ids)
    .where('isDeleted', '=', false)
    .where('isActive', '=', true)
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}

/** The guarded rooms among `joined` the actor may no longer be in (all of them for no actor). */
async function roomsToLeave(
  core: Core,
  actor: Actor | null,
  joined: Iterable<string>,
  verdicts = new Map<string, boolean>(),
): Promise<string[]> {
  const leave: string[] = [];
  for (const room of joined) {
    if (!parseGuardedRoom(room)) continue;
    if (!actor) {
      leave.push(room);
      continue;
    }
    const key = `${actor.user.id} ${room}`;
    let may = verdicts.get(key);
    if (may === undefined) verdicts.set(key, (may = await mayStayIn(core, actor, room)));
    if (!may) leave.push(room);
  }
  return leave;
}

/** The socket's actor with the user re-read; null when the user no longer has an account. */
function freshActor(data: Partial<SocketData> | undefined, users: Map<number, UserRow>): Actor | null {
  const user = data?.actor && users.get(data.actor.user.id);
  return user && data?.actor ? { user, sessionId: data.actor.sessionId } : null;
}

/**
 * Makes the targeted sockets, on every server process (fetchSockets and leave go through the
 * adapter), leave each room their user may no longer be in (presence tells those rooms who remains).
 */
export async function revalidateRooms(core: Core, io: RealtimeServer, targets: AccessTargets): Promise<void> {
  const names = [...(targets.users ?? []).map(rooms.user), ...(targets.rooms ?? [])];
  if (!names.length) return;
  const sockets = await io.in(names).fetchSockets();
  const users = await currentUsers(core, [
    ...new Set(sockets.flatMap((s) => (s.data.actor ? [s.data.actor.user.id] : []))),
  ]);
  const verdicts = new Map<string, boolean>();
  for (const socket of sockets) {
    for (const room of await roomsToLeave(core, freshActor(socket.data, users), socket.rooms, verdicts)) {
      socket.leave(room);
    }
  }
}

/**
 * socket.io's connection state recovery puts a returning socket back into its rooms and replays what
 * they were sent meanwhile, before any middleware runs. So each session is checked as it is restored:
 * when its user may no longer be in one of its rooms it is not restored at all (no rooms, nothing
 * replayed), and the client, which subscribes again on every connection, gets back only what the
 * policies still allow. The hook wraps the namespace's adapter, whichever adapter that is.
 */
export function guardRecovery(core: Core, io: RealtimeServer): void {
  const adapter = io.of('/').adapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    const data = session.data as Partial<SocketData> | undefined;
    const users = await currentUsers(core, data?.actor ? [data.actor.user.id] : []);
    const refused = await roomsToLeave(core, freshActor(data, users), session.rooms);
    // socket.io treats a missing session as a fresh connection.
    return (refused.length ? null : session) as typeof session;
  };
}

/** For a socket whose connection was restored: leaves what its (re-authenticated) user may no longer see. */
export async function revalidateSocket(
  core: Core,
  socket: { data: Partial<SocketData>; rooms: Set<string>; leave(room: string): unknown },
): Promise<void> {
  const users = await currentUsers(core, socket.data.actor ? [socket.data.actor.user.id] : []);
  const left = await roomsToLeave(core, freshActor(socket.data, users), [...socket.rooms]);
  for (const room of left) await socket.leave(room);
}
