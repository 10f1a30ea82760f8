import { isSettled, type NegotiationStatus } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { rooms } from '@server/realtime/rooms.js';
import { lockThread } from './load-thread.js';

/** The author edits the thread's text while it is not settled by both parties. */
export async function updateThread(
  core: Core,
  { actor, threadId, input }: { actor: Actor; threadId: number; input: { text: string } },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(core, tx, { actor, threadId });
    if (thread.authorId !== actor.user.id) throw AppError.forbidden(THREAD_MESSAGES.notAuthor);
    if (isSettled(thread.negotiationStatus as NegotiationStatus)) throw AppError.nonField(THREAD_MESSAGES.settled);
    if (p.nda.isRecalled || p.nda.isSigned) throw AppError.nonField(THREAD_MESSAGES.closed);
    const row = await tx.db
      .updateTable('commentThreads')
      .set({ text: input.text, updatedAt: new Date() })
      .where('id', '=', thread.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const dto = await presentThread(tx.db, row);
    tx.afterCommit(() => core.realtime.emit(rooms.nda(p.nda.id), 'thread.updated', dto));
    return dto;
  });
}
