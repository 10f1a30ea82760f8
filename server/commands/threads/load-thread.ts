import type { Kysely } from 'kysely';
import type { ThreadFacts } from '@shared/thread-abilities.js';
import type { Core } from '@server/core.js';
import type { CommentThreadRow, Database } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeParticipant } from '@server/policies/negotiation.js';

/** Locks a thread for a change and says how the actor takes part in its NDA; 404 when they don't. */
export async function lockThread(core: Core, tx: Tx, { actor, threadId }: { actor: Actor; threadId: number }) {
  const thread = await tx.db
    .selectFrom('commentThreads')
    .selectAll()
    .where('id', '=', threadId)
    .forUpdate()
    .executeTakeFirst();
  if (!thread) throw AppError.notFound();
  const participation = await authorizeParticipant(tx.db, actor, thread.ndaId);
  return { thread, participation };
}

/** What the negotiation rules need of a thread: its author, status and who proposed which wording. */
export async function threadFacts(db: Kysely<Database>, thread: CommentThreadRow): Promise<ThreadFacts> {
  const proposals = await db
    .selectFrom('threadProposals')
    .select('authorId')
    .where('commentThreadId', '=', thread.id)
    .orderBy('id')
    .execute();
  return { authorId: thread.authorId, negotiationStatus: thread.negotiationStatus, proposals };
}
