import type { Kysely } from 'kysely';
import type { ThreadFacts } from '@shared/thread-abilities.js';
import type { CommentThreadRow, Database } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { type LockedParticipation, participationFacts, participationOf } from '@server/policies/negotiation.js';

/**
 * Locks a thread for a change, and its NDA's row against a signature, recall or pass meanwhile (a
 * share lock: other changes within the negotiation go on side by side), and says how the actor takes
 * part in the NDA: one statement. 404 when the thread is not there or the actor takes no part.
 */
export async function lockThread(
  tx: Tx,
  { actor, threadId }: { actor: Actor; threadId: number },
): Promise<{ thread: CommentThreadRow; participation: LockedParticipation }> {
  const row = await participationFacts(tx.db, actor)
    .innerJoin('commentThreads', 'commentThreads.ndaId', 'ndas.id')
    .selectAll('commentThreads')
    .where('commentThreads.id', '=', threadId)
    .forUpdate(['commentThreads'])
    .forShare(['ndas'])
    .executeTakeFirst();
  const participation = participationOf(actor, row);
  const thread: CommentThreadRow = {
    id: row!.id,
    ndaId: row!.ndaId,
    authorId: row!.authorId,
    text: row!.text,
    negotiationStatus: row!.negotiationStatus,
    quote: row!.quote,
    redlineImportId: row!.redlineImportId,
    createdAt: row!.createdAt,
    updatedAt: row!.updatedAt,
  };
  return { thread, participation: { ...participation, locked: true } };
}

/** What the negotiation rules need of a thread: its author, status and who proposed which wording. */
export async function threadFacts(db: Kysely<Database>, thread: CommentThreadRow): Promise<ThreadFacts> {
  const proposals = await db
    .selectFrom('threadProposals')
    .select('authorId')
    .where('commentThreadId', '=', thread.id)
    .orderBy('id')
    .execute();
  const imported =
    thread.redlineImportId === null
      ? null
      : await db
          .selectFrom('redlineImports')
          .select('onBehalfOf')
          .where('id', '=', thread.redlineImportId)
          .executeTakeFirst();
  return { authorId: thread.authorId, negotiationStatus: thread.negotiationStatus, proposals, imported };
}
