import type { PointerDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { negotiationRooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** Pointers go where their thread's changes go: the NDA's room and the project's senders' room. */
export function publishPointerCreated(
  core: Realtime,
  tx: Tx,
  { nda, project, pointer }: { nda: number; project: number; pointer: PointerDto },
) {
  emitAfterCommit(core, tx, negotiationRooms({ nda, project }), 'pointer.created', { ...pointer, nda });
}

export function publishPointerDeleted(
  core: Realtime,
  tx: Tx,
  { nda, project, thread, pointer }: { nda: number; project: number; thread: number; pointer: number },
): void {
  emitAfterCommit(core, tx, negotiationRooms({ nda, project }), 'pointer.deleted', {
    id: pointer,
    commentThread: thread,
    nda,
  });
}
