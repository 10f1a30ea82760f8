import { isSettled, type NegotiationStatus } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import { authorNames, presentComment } from '@server/presenters/thread.js';
import { rooms } from '@server/realtime/rooms.js';
import { lockThread } from '../threads/load-thread.js';

/** Edits (text) or deletes (null) a comment: only its author, only while the thread is not settled. */
export async function changeComment(
  core: Core,
  { actor, commentId, text }: { actor: Actor; commentId: number; text: string | null },
) {
  return core.tx(async (tx) => {
    const comment = await tx.db.selectFrom('comments').selectAll().where('id', '=', commentId).executeTakeFirst();
    if (!comment) throw AppError.notFound();
    const { thread, participation: p } = await lockThread(core, tx, { actor, threadId: comment.commentThreadId });
    if (comment.authorId !== actor.user.id) throw AppError.forbidden(THREAD_MESSAGES.notAuthor);
    if (isSettled(thread.negotiationStatus as NegotiationStatus)) throw AppError.nonField(THREAD_MESSAGES.settled);
    if (p.nda.isRecalled || p.nda.isSigned) throw AppError.nonField(THREAD_MESSAGES.closed);
    if (text === null) {
      await tx.db.deleteFrom('comments').where('id', '=', comment.id).execute();
      tx.afterCommit(() =>
        core.realtime.emit(rooms.nda(p.nda.id), 'comment.deleted', {
          id: comment.id,
          commentThread: thread.id,
          nda: p.nda.id,
        }),
      );
      return null;
    }
    const row = await tx.db
      .updateTable('comments')
      .set({ text, updatedAt: new Date() })
      .where('id', '=', comment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const dto = presentComment(row, await authorNames(tx.db, [row.authorId]));
    tx.afterCommit(() => core.realtime.emit(rooms.nda(p.nda.id), 'comment.updated', { ...dto, nda: p.nda.id }));
    return dto;
  });
}
