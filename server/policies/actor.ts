import type { Role, UserRow } from '../db/schema.js';

/** Who is acting: a signed-in user with the session their access token belongs to, or nobody. */
export interface Actor {
  user: UserRow;
  sessionId: string;
}

export type MaybeActor = Actor | null;

export function roleOf(actor: Actor): Role {
  return actor.user.role;
}

export function isOwner(actor: Actor): boolean {
  return actor.user.role === 'owner';
}

export function isTeamMember(actor: Actor): boolean {
  return actor.user.role === 'member';
}
