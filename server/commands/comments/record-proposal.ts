import { type NegotiationStatus, statusAfterProposal } from '@shared/negotiation.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { presentProposal } from '@server/presenters/thread.js';
import { publishProposalCreated } from '@server/realtime/publishers/threads.js';

/**
 * New wording carried by a reply, in a thread the caller has locked: the proposal, the thread's status
 * as new wording moves it (statusAfterProposal), and proposal.created after commit. Answers the status.
 */
export async function recordProposal(
  core: Core,
  tx: Tx,
  {
    nda,
    project,
    thread,
    commentId,
    authorId,
    text,
    approval = null,
    names,
  }: {
    nda: number;
    project: number;
    thread: { id: number; negotiationStatus: string };
    commentId: number;
    authorId: number | null;
    text: string;
    /** 'released': wording held for internal approval, then released. */
    approval?: 'released' | null;
    names: Map<number, string>;
  },
): Promise<NegotiationStatus> {
  const proposed = await tx.db
    .insertInto('threadProposals')
    .values({ commentThreadId: thread.id, commentId, authorId, text, approval })
    .returningAll()
    .executeTakeFirstOrThrow();
  const from = thread.negotiationStatus as NegotiationStatus;
  const to = statusAfterProposal(from);
  if (to !== from)
    await tx.db
      .updateTable('commentThreads')
      .set({ negotiationStatus: to, updatedAt: new Date() })
      .where('id', '=', thread.id)
      .execute();
  publishProposalCreated(core, tx, {
    nda,
    project,
    commentThread: thread.id,
    comment: commentId,
    proposal: presentProposal(proposed, names),
    negotiationStatus: to,
  });
  return to;
}
