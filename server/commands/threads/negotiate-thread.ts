import { type Move, nextStatus, type Refusal, refusal, REFUSAL_MESSAGES } from '@shared/negotiation.js';
import type { Reason } from '@shared/reasons.js';
import { negotiationContext } from '@shared/thread-abilities.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction, negotiationState } from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { publishNegotiationChanged } from '@server/realtime/publishers/threads.js';
import { insertReply } from '../comments/insert-reply.js';
import { recordEvent } from '../events/record-event.js';
import { lockThread, threadFacts } from './load-thread.js';

/** The reason code of each refused move. */
const REFUSAL_REASONS: Record<Exclude<Refusal, 'no_permission'>, Reason> = {
  nda_closed: 'nda_closed',
  passed: 'opportunity_passed',
  own_thread: 'thread_own_first_move',
  agreed: 'thread_agreed',
  not_your_turn: 'thread_not_your_turn',
  no_change: 'thread_unchanged',
};

/**
 * Approves or rejects a thread by the shared state machine. The thread row is locked, so concurrent
 * moves are applied one after the other and each sees the status the previous one left. A reason
 * given with a rejection is posted as the rejecting side's reply, in the same transaction, before the
 * move: the other side reads why as the status changes.
 */
export async function negotiateThread(
  core: Core,
  {
    actor,
    threadId,
    move,
    reason = null,
    ip,
  }: { actor: Actor; threadId: number; move: Move; reason?: string | null; ip: string },
) {
  const row = await core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId });
    // Read again under the NDA's share lock that lockThread took: a signature, recall or pass that
    // committed meanwhile is seen.
    const state = await negotiationState(tx.db, p);
    const abilities = abilityContext(actor, p, state);
    const ctx = negotiationContext(abilities, await threadFacts(tx.db, thread));
    const why = refusal(ctx, move);
    if (why === 'no_permission') throw AppError.forbidden('permission_denied', REFUSAL_MESSAGES[why]);
    if (why) throw AppError.nonField(REFUSAL_REASONS[why], REFUSAL_MESSAGES[why]);
    const to = nextStatus(ctx, move);
    if (reason && move === 'reject') {
      authorizeThreadAction(abilities, 'reply');
      const { row: reply } = await insertReply(core, tx, {
        actor,
        ndaId: p.nda.id,
        threadId: thread.id,
        text: reason,
        proposal: null,
      });
      await recordEvent(core, tx, {
        projectId: p.project.id,
        projectBranchId: p.branch.id,
        authorId: actor.user.id,
        status: 'new_comment',
        ndaId: p.nda.id,
        subjectId: reply.id,
        ip,
      });
    }
    const row = await tx.db
      .updateTable('commentThreads')
      .set({ negotiationStatus: to, updatedAt: new Date() })
      .where('id', '=', thread.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('negotiations')
      .values({
        commentThreadId: thread.id,
        authorId: actor.user.id,
        side: p.side,
        move,
        fromStatus: ctx.status,
        toStatus: to,
      })
      .execute();
    // Pushed before the event: the status is what the other side is watching for.
    publishNegotiationChanged(core, tx, {
      nda: p.nda.id,
      project: p.project.id,
      thread: row.id,
      negotiationStatus: to,
      by: actor.user.id,
    });
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: move === 'approve' ? 'approved' : 'rejected',
      ndaId: p.nda.id,
      subjectId: thread.id,
      ip,
    });
    return row;
  });
  // Presented once committed, so the move reaches the other side without waiting for it.
  return presentThread(core.db, row);
}
