import type { EventDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** An event goes to the project's senders and, for an event of a group, to that group's signers. */
export function publishEventCreated(core: Realtime, tx: Tx, { event }: { event: EventDto }): void {
  const targets = [rooms.project(event.project), ...(event.projectBranch ? [rooms.branch(event.projectBranch)] : [])];
  emitAfterCommit(core, tx, targets, 'event.created', event);
}
