import type { ThreadDto } from '@shared/dto.js';
import type { ProposalCreated } from '@shared/realtime/contract.js';
import type { NegotiationStatus } from '@shared/negotiation.js';
import type { Tx } from '@server/db/transaction.js';
import { negotiationRooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** Threads go to the NDA's room (both sides of its negotiation) and the project's senders' room. */
export function publishThreadCreated(
  core: Realtime,
  tx: Tx,
  { thread, project }: { thread: ThreadDto; project: number },
): void {
  emitAfterCommit(core, tx, negotiationRooms({ nda: thread.nda, project }), 'thread.created', thread);
}

export function publishThreadUpdated(
  core: Realtime,
  tx: Tx,
  { thread, project }: { thread: ThreadDto; project: number },
): void {
  emitAfterCommit(core, tx, negotiationRooms({ nda: thread.nda, project }), 'thread.updated', thread);
}

export function publishThreadDeleted(
  core: Realtime,
  tx: Tx,
  { nda, project, thread }: { nda: number; project: number; thread: number },
): void {
  emitAfterCommit(core, tx, negotiationRooms({ nda, project }), 'thread.deleted', { id: thread, nda });
}

export function publishNegotiationChanged(
  core: Realtime,
  tx: Tx,
  m: { nda: number; project: number; thread: number; negotiationStatus: NegotiationStatus; by: number },
): void {
  emitAfterCommit(core, tx, negotiationRooms(m), 'negotiation.changed', {
    thread: m.thread,
    nda: m.nda,
    negotiationStatus: m.negotiationStatus,
    by: m.by,
  });
}

/** A counter-proposal in a reply: the thread's new current wording and its status after it. */
export function publishProposalCreated(core: Realtime, tx: Tx, m: ProposalCreated & { project: number }): void {
  emitAfterCommit(core, tx, negotiationRooms(m), 'proposal.created', {
    nda: m.nda,
    commentThread: m.commentThread,
    comment: m.comment,
    proposal: m.proposal,
    negotiationStatus: m.negotiationStatus,
  });
}
