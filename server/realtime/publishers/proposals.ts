import type { HeldProposalDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** A proposal held for approval goes to the project's senders only: never the NDA's room. */
export function publishProposalHeld(
  core: Realtime,
  tx: Tx,
  { project, held }: { project: number; held: HeldProposalDto },
) {
  emitAfterCommit(core, tx, rooms.project(project), 'proposal.held', held);
}

/** A held proposal released or discarded: the team's pages drop it from the awaiting list. */
export function publishProposalUnheld(
  core: Realtime,
  tx: Tx,
  m: { project: number; id: number; commentThread: number; nda: number; released: boolean },
) {
  const { project, ...message } = m;
  emitAfterCommit(core, tx, rooms.project(project), 'proposal.unheld', message);
}
