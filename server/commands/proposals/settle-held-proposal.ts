import { PROPOSAL_MESSAGES, proposalRefusal, type NegotiationStatus } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import {
  abilityContext,
  authorizeHeldProposal,
  authorizeThreadAction,
  negotiationState,
} from '@server/policies/negotiation.js';
import { type HeldProposalDto, presentHeldProposal } from '@server/presenters/held-proposal.js';
import { authorNames, presentComment } from '@server/presenters/thread.js';
import { publishCommentCreated } from '@server/realtime/publishers/comments.js';
import { publishProposalUnheld } from '@server/realtime/publishers/proposals.js';
import { recordEvent } from '../events/record-event.js';
import { recordProposal } from '../comments/record-proposal.js';
import { lockThread } from '../threads/load-thread.js';

/**
 * POST /projects/proposals/{id}/release/ and .../discard/: an approver (the company's or the project's
 * owner, or a project member given the approve permission) settles a held proposal. Released, it
 * becomes its author's reply and the thread's proposal (marked released), with the move, event, e-mail
 * notification and live messages any reply has: only now does the bidder see it. Discarded, it is gone.
 * Either way the project records its own event (no group, no NDA: no recipient sees it). A held
 * proposal already settled is 404.
 */
export async function settleHeldProposal(
  core: Core,
  { actor, heldId, release, ip }: { actor: Actor; heldId: number; release: boolean; ip: string },
): Promise<HeldProposalDto> {
  const { threadId } = await authorizeHeldProposal(core.db, actor, heldId, 'approve');
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId });
    const held = await tx.db
      .deleteFrom('heldProposals')
      .where('id', '=', heldId)
      .where('commentThreadId', '=', thread.id)
      .returningAll()
      .executeTakeFirst();
    if (!held) throw AppError.notFound();
    const names = await authorNames(tx.db, [held.authorId]);
    publishProposalUnheld(core, tx, {
      project: p.project.id,
      id: held.id,
      commentThread: thread.id,
      nda: p.nda.id,
      released: release,
    });
    if (release) {
      authorizeThreadAction(abilityContext(actor, p, await negotiationState(tx.db, p)), 'reply');
      const from = thread.negotiationStatus as NegotiationStatus;
      if (proposalRefusal(from)) throw AppError.nonField('proposal_agreed', PROPOSAL_MESSAGES.agreed);
      const reply = await tx.db
        .insertInto('comments')
        .values({ commentThreadId: thread.id, authorId: held.authorId, text: held.text })
        .returningAll()
        .executeTakeFirstOrThrow();
      publishCommentCreated(core, tx, { nda: p.nda.id, comment: presentComment(reply, names, held.proposal) });
      await recordProposal(core, tx, {
        nda: p.nda.id,
        project: p.project.id,
        thread,
        commentId: reply.id,
        authorId: held.authorId,
        text: held.proposal,
        approval: 'released',
        names,
      });
      // The reply's own event, as its author wrote it: the bidder hears of it now, as of any reply.
      await recordEvent(core, tx, {
        projectId: p.project.id,
        projectBranchId: p.branch.id,
        authorId: held.authorId,
        status: 'new_comment',
        ndaId: p.nda.id,
        subjectId: reply.id,
        ip,
      });
    }
    await recordEvent(core, tx, {
      projectId: p.project.id,
      authorId: actor.user.id,
      status: release ? 'proposal_released' : 'proposal_discarded',
      subjectId: held.id,
      ip,
    });
    return presentHeldProposal(held, p.nda.id, names, release ? 'released' : 'pending');
  });
}
