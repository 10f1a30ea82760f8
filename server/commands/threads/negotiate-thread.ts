import { type Move, nextStatus, refusal, REFUSAL_MESSAGES } from '@shared/negotiation.js';
import { negotiationContext } from '@shared/thread-abilities.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, lockNegotiationState } from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { publishNegotiationChanged } from '@server/realtime/publishers/threads.js';
import { recordEvent } from '../events/record-event.js';
import { lockThread, threadFacts } from './load-thread.js';

/**
 * Approves or rejects a thread by the shared state machine. The thread row is locked, so concurrent
 * moves are applied one after the other and each sees the status the previous one left.
 */
export async function negotiateThread(
  core: Core,
  { actor, threadId, move, ip }: { actor: Actor; threadId: number; move: Move; ip: string },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(core, tx, { actor, threadId });
    // A share lock: a signature, recall or pass committing meanwhile is waited for and then seen.
    const state = await lockNegotiationState(tx.db, p);
    const ctx = negotiationContext(abilityContext(actor, p, state), await threadFacts(tx.db, thread));
    const why = refusal(ctx, move);
    if (why === 'no_permission') throw AppError.forbidden(REFUSAL_MESSAGES[why]);
    if (why) throw AppError.nonField(REFUSAL_MESSAGES[why]);
    const to = nextStatus(ctx, move);
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
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: move === 'approve' ? 'approved' : 'rejected',
      ndaId: p.nda.id,
      subjectId: thread.id,
      ip,
    });
    const dto = await presentThread(tx.db, row);
    publishNegotiationChanged(core, tx, {
      nda: p.nda.id,
      project: p.project.id,
      thread: dto.id,
      negotiationStatus: to,
      by: actor.user.id,
    });
    return dto;
  });
}
