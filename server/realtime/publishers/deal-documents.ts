import type { DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/**
 * A deal document reached a group: its bidders (the group's room) get it as they see it, with its
 * release time, and the sending team (the project's room, where no bidder is) reads its list again.
 */
export function publishDocumentReleased(
  core: Realtime,
  tx: Tx,
  message: { project: number; projectBranch: number; document: DealDocumentDto },
): void {
  emitAfterCommit(
    core,
    tx,
    [rooms.branch(message.projectBranch), rooms.project(message.project)],
    'document.released',
    message,
  );
}
