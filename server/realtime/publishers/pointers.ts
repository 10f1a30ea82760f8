import type { PointerDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** Pointers go to the NDA's room. */
export function publishPointerCreated(core: Realtime, tx: Tx, { nda, pointer }: { nda: number; pointer: PointerDto }) {
  emitAfterCommit(core, tx, rooms.nda(nda), 'pointer.created', { ...pointer, nda });
}

export function publishPointerDeleted(
  core: Realtime,
  tx: Tx,
  { nda, thread, pointer }: { nda: number; thread: number; pointer: number },
): void {
  emitAfterCommit(core, tx, rooms.nda(nda), 'pointer.deleted', { id: pointer, commentThread: thread, nda });
}
