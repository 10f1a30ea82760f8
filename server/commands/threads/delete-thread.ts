import { isSettled, type NegotiationStatus } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import { rooms } from '@server/realtime/rooms.js';
import { recordEvent } from '../events/record-event.js';
import { lockThread } from './load-thread.js';

/** The author deletes the thread (with its pointers and comments) while it is not settled. */
export async function deleteThread(
  core: Core,
  { actor, threadId, ip }: { actor: Actor; threadId: number; ip: string },
): Promise<void> {
  await core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(core, tx, { actor, threadId });
    if (thread.authorId !== actor.user.id) throw AppError.forbidden(THREAD_MESSAGES.notAuthor);
    if (isSettled(thread.negotiationStatus as NegotiationStatus)) throw AppError.nonField(THREAD_MESSAGES.settled);
    if (p.nda.isRecalled || p.nda.isSigned) throw AppError.nonField(THREAD_MESSAGES.closed);
    await tx.db.deleteFrom('commentThreads').where('id', '=', thread.id).execute();
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: 'comments_thread_deleted',
      ndaId: p.nda.id,
      subjectId: thread.id,
      ip,
    });
    tx.afterCommit(() => core.realtime.emit(rooms.nda(p.nda.id), 'thread.deleted', { id: thread.id, nda: p.nda.id }));
  });
}
