import type { NdaDto } from '@shared/dto.js';
import type { NdaRejected, NdaSigned } from '@shared/realtime/contract.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** A new NDA concerns the project's senders only: nobody negotiates it yet. */
export function publishNdaCreated(core: Realtime, tx: Tx, { nda }: { nda: NdaDto }): void {
  emitAfterCommit(core, tx, rooms.project(nda.project), 'nda.created', nda);
}

/** A renamed, replaced, recalled or restored NDA: its project's senders and whoever has it open. */
export function publishNdaUpdated(core: Realtime, tx: Tx, { nda }: { nda: NdaDto }): void {
  emitAfterCommit(core, tx, [rooms.project(nda.project), rooms.nda(nda.id)], 'nda.updated', nda);
}

export function publishNdaDeleted(
  core: Realtime,
  tx: Tx,
  { nda }: { nda: { id: number; project: number; projectBranch: number | null } },
): void {
  emitAfterCommit(core, tx, [rooms.project(nda.project), rooms.nda(nda.id)], 'nda.deleted', {
    id: nda.id,
    project: nda.project,
    projectBranch: nda.projectBranch,
  });
}

/** A signer's decision reaches the NDA's page, the project's senders and the group's signers. */
const decisionRooms = (m: { nda: number; project: number; projectBranch: number }) => [
  rooms.nda(m.nda),
  rooms.project(m.project),
  rooms.branch(m.projectBranch),
];

export function publishNdaSigned(core: Realtime, tx: Tx, message: NdaSigned): void {
  emitAfterCommit(core, tx, decisionRooms(message), 'nda.signed', message);
}

export function publishNdaRejected(core: Realtime, tx: Tx, message: NdaRejected): void {
  emitAfterCommit(core, tx, decisionRooms(message), 'nda.rejected', message);
}
