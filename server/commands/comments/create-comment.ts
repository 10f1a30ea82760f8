import { type NegotiationStatus, PROPOSAL_MESSAGES, proposalRefusal } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction, negotiationState } from '@server/policies/negotiation.js';
import { recordEvent } from '../events/record-event.js';
import { holdProposal, mustHold } from '../proposals/hold-proposal.js';
import { lockThread } from '../threads/load-thread.js';
import { insertReply } from './insert-reply.js';
import { recordProposal } from './record-proposal.js';

/**
 * A reply in a thread, by either side, optionally with a counter-proposal: new wording that becomes the
 * thread's current proposal and, by the state machine, puts a thread one side had moved on back to
 * `unresolved` (an agreed thread takes no new wording). Under the project's internal approval, a team
 * member's proposal outside the playbook is held instead (answered with `approval: "pending"`).
 */
export async function createComment(
  core: Core,
  {
    actor,
    input,
    ip,
  }: { actor: Actor; input: { commentThread: number; text: string; proposal?: string | null }; ip: string },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId: input.commentThread });
    const state = await negotiationState(tx.db, p);
    authorizeThreadAction(abilityContext(actor, p, state), 'reply');
    const from = thread.negotiationStatus as NegotiationStatus;
    const proposal = input.proposal || null;
    if (proposal && proposalRefusal(from)) throw AppError.nonField('proposal_agreed', PROPOSAL_MESSAGES.agreed);
    // Under internal approval, a team member's wording outside the playbook waits: the bidder sees nothing.
    if (proposal && (await mustHold(tx, { actor, p, thread, proposal })))
      return holdProposal(core, tx, { actor, p, thread, text: input.text, proposal, ip });
    const { row, names, dto } = await insertReply(core, tx, {
      actor,
      ndaId: p.nda.id,
      threadId: thread.id,
      text: input.text,
      proposal,
    });
    if (proposal)
      await recordProposal(core, tx, {
        nda: p.nda.id,
        project: p.project.id,
        thread,
        commentId: row.id,
        authorId: actor.user.id,
        text: proposal,
        names,
      });
    // After the proposal: the event's e-mail notification quotes it.
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: 'new_comment',
      ndaId: p.nda.id,
      subjectId: row.id,
      ip,
    });
    return dto;
  });
}
