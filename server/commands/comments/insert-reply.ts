import type { Core } from '@server/core.js';
import type { CommentRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { displayName, presentComment } from '@server/presenters/thread.js';
import { publishCommentCreated } from '@server/realtime/publishers/comments.js';

/**
 * Writes a reply in a thread the caller has locked and may reply in, and sends it live after commit.
 * The caller records its event once what the event's e-mail quotes is written.
 */
export async function insertReply(
  core: Core,
  tx: Tx,
  {
    actor,
    ndaId,
    threadId,
    text,
    proposal,
  }: { actor: Actor; ndaId: number; threadId: number; text: string; proposal: string | null },
): Promise<{ row: CommentRow; names: Map<number, string>; dto: ReturnType<typeof presentComment> }> {
  const row = await tx.db
    .insertInto('comments')
    .values({ commentThreadId: threadId, authorId: actor.user.id, text })
    .returningAll()
    .executeTakeFirstOrThrow();
  const names = new Map([[actor.user.id, displayName(actor.user)]]);
  const dto = presentComment(row, names, proposal);
  publishCommentCreated(core, tx, { nda: ndaId, comment: dto });
  return { row, names, dto };
}
