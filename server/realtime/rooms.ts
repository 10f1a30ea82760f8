/** Room names, in one place: every publisher and every join uses these. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  /** The sockets of one signed-in session (refresh-token family): closed when the session ends. */
  session: (id: string) => `session:${id}`,
  /** The project's senders (owner and managers): every event of the project. */
  project: (id: number) => `project:${id}`,
  /** A group's signers: the events of their group only. */
  branch: (id: number) => `branch:${id}`,
  /** Everyone negotiating one NDA, both sides: threads, comments, pointers, statuses, presence. */
  nda: (id: number) => `nda:${id}`,
};

/**
 * Where a change of a thread goes: both sides of its NDA, and the project's senders, whose clause view
 * spans every group (the project's room holds no recipient, so other bidders learn nothing).
 */
export function negotiationRooms(m: { nda: number; project: number }): string[] {
  return [rooms.nda(m.nda), rooms.project(m.project)];
}

/** The rooms a socket joins by subscribing, each guarded by a policy (the others are its own). */
export type GuardedRoom = { kind: 'project' | 'branch' | 'nda'; id: number };

/** Reads a guarded room's name back; null for the socket's own rooms (user, session, socket id). */
export function parseGuardedRoom(room: string): GuardedRoom | null {
  const m = /^(project|branch|nda):([1-9]\d{0,9})$/.exec(room);
  return m ? { kind: m[1] as GuardedRoom['kind'], id: Number(m[2]) } : null;
}
