import type { ThreadDto } from '@shared/dto.js';
import type { ProposalCreated } from '@shared/realtime/contract.js';
import type { NegotiationStatus } from '@shared/negotiation.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** Threads go to the NDA's room: both sides of its negotiation. */
export function publishThreadCreated(core: Realtime, tx: Tx, { thread }: { thread: ThreadDto }): void {
  emitAfterCommit(core, tx, rooms.nda(thread.nda), 'thread.created', thread);
}

export function publishThreadUpdated(core: Realtime, tx: Tx, { thread }: { thread: ThreadDto }): void {
  emitAfterCommit(core, tx, rooms.nda(thread.nda), 'thread.updated', thread);
}

export function publishThreadDeleted(core: Realtime, tx: Tx, { nda, thread }: { nda: number; thread: number }): void {
  emitAfterCommit(core, tx, rooms.nda(nda), 'thread.deleted', { id: thread, nda });
}

export function publishNegotiationChanged(
  core: Realtime,
  tx: Tx,
  m: { nda: number; thread: number; negotiationStatus: NegotiationStatus; by: number },
): void {
  emitAfterCommit(core, tx, rooms.nda(m.nda), 'negotiation.changed', {
    thread: m.thread,
    nda: m.nda,
    negotiationStatus: m.negotiationStatus,
    by: m.by,
  });
}

/** A counter-proposal in a reply: the thread's new current wording and its status after it. */
export function publishProposalCreated(core: Realtime, tx: Tx, m: ProposalCreated): void {
  emitAfterCommit(core, tx, rooms.nda(m.nda), 'proposal.created', {
    nda: m.nda,
    commentThread: m.commentThread,
    comment: m.comment,
    proposal: m.proposal,
    negotiationStatus: m.negotiationStatus,
  });
}
