import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { revokeFamily } from './sessions.js';

/** Ends the caller's session: its refresh tokens stop working and so does its access token. */
export async function logout(core: Core, { actor }: { actor: Actor }): Promise<{ detail: string }> {
  await core.tx((tx) => revokeFamily(tx, { familyId: actor.sessionId, realtime: core.realtime }));
  return { detail: 'Successfully logged out.' };
}
