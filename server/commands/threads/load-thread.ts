import type { Core } from '../../core.js';
import type { Tx } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeParticipant } from '../../policies/negotiation.js';

/** Locks a thread for a change and says how the actor takes part in its NDA; 404 when they don't. */
export async function lockThread(core: Core, tx: Tx, actor: Actor, threadId: number) {
  const thread = await tx.db.selectFrom('commentThreads').selectAll().where('id', '=', threadId).forUpdate().executeTakeFirst();
  if (!thread) throw AppError.notFound();
  const participation = await authorizeParticipant(tx.db, actor, thread.ndaId);
  return { thread, participation };
}
