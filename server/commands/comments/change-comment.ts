import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction } from '@server/policies/negotiation.js';
import { authorNames, presentComment, proposalsOfComments } from '@server/presenters/thread.js';
import { publishCommentDeleted, publishCommentUpdated } from '@server/realtime/publishers/comments.js';
import { lockThread } from '../threads/load-thread.js';

/**
 * Edits (text) or deletes (null) a comment: only its author, only while the thread is not settled. The
 * counter-proposal a reply carries is on the record: editing keeps it, deleting the reply keeps it too.
 */
export async function changeComment(
  core: Core,
  { actor, commentId, text }: { actor: Actor; commentId: number; text: string | null },
) {
  return core.tx(async (tx) => {
    const comment = await tx.db.selectFrom('comments').selectAll().where('id', '=', commentId).executeTakeFirst();
    if (!comment) throw AppError.notFound();
    const { thread, participation: p } = await lockThread(tx, { actor, threadId: comment.commentThreadId });
    authorizeThreadAction(abilityContext(actor, p), text === null ? 'deleteComment' : 'editComment', thread, comment);
    if (text === null) {
      await tx.db.deleteFrom('comments').where('id', '=', comment.id).execute();
      publishCommentDeleted(core, tx, { nda: p.nda.id, thread: thread.id, comment: comment.id });
      return null;
    }
    const row = await tx.db
      .updateTable('comments')
      .set({ text, updatedAt: new Date() })
      .where('id', '=', comment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const carried = await proposalsOfComments(tx.db, [row.id]);
    const dto = presentComment(row, await authorNames(tx.db, [row.authorId]), carried.get(row.id) ?? null);
    publishCommentUpdated(core, tx, { nda: p.nda.id, comment: dto });
    return dto;
  });
}
