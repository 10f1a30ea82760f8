import type { EventDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { recipientView } from '@server/presenters/event.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/**
 * An event goes to the project's senders as it is and, for an event of a group, to that group's
 * signers as a recipient sees it (recipientView): without the other recipients' ids. A recipient who
 * wrote it gets it with their own id, so their page still knows it is theirs.
 */
export function publishEventCreated(
  core: Realtime,
  tx: Tx,
  { event, byRecipient }: { event: EventDto; byRecipient: boolean },
): void {
  emitAfterCommit(core, tx, rooms.project(event.project), 'event.created', event);
  if (!event.projectBranch) return;
  const branch = rooms.branch(event.projectBranch);
  if (!byRecipient || event.authorId === null) {
    emitAfterCommit(core, tx, branch, 'event.created', recipientView(event, null));
    return;
  }
  const author = rooms.user(event.authorId);
  emitAfterCommit(core, tx, branch, 'event.created', recipientView(event, null), { except: author });
  emitAfterCommit(core, tx, author, 'event.created', recipientView(event, event.authorId));
}

/** Events the users watched arrive on their NDA's page, now read: every tab of theirs marks them read. */
export function publishEventsRead(
  core: Realtime,
  tx: Tx,
  { userIds, project, events }: { userIds: number[]; project: number; events: number[] },
): void {
  if (userIds.length === 0) return;
  emitAfterCommit(core, tx, userIds.map(rooms.user), 'events.read', { project, events });
}
