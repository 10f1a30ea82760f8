import type { Core } from '../../core.js';
import type { Actor } from '../../policies/actor.js';
import { revokeFamily } from './sessions.js';

/** Ends the caller's session: its refresh tokens stop working and so does its access token. */
export async function logout(core: Core, actor: Actor): Promise<{ detail: string }> {
  await core.tx((tx) => revokeFamily(tx, actor.sessionId, core.realtime));
  return { detail: 'Successfully logged out.' };
}
