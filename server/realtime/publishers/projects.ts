import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** A recipient was sent a group's NDA: the project appears in their lists (their user room). */
export function publishProjectReceived(
  core: Realtime,
  tx: Tx,
  { recipient, project, projectBranch }: { recipient: number; project: number; projectBranch: number },
): void {
  emitAfterCommit(core, tx, rooms.user(recipient), 'project.received', { project, projectBranch });
}
