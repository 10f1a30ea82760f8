import type { EventType } from '@shared/events.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { presentEvent } from '@server/presenters/event.js';
import { publishEventCreated } from '@server/realtime/publishers/events.js';
import { queueNotifications } from '../notifications/queue-notifications.js';

export interface NewEvent {
  projectId: number;
  projectBranchId?: number | null;
  authorId: number | null;
  status: EventType;
  ndaId?: number | null;
  /** What the event is about when not the NDA: a thread, a comment, a user. */
  subjectId?: number | null;
  ip?: string;
}

/**
 * Writes the event in the command's transaction; after commit it is pushed to the project's senders
 * and, for an event of a group, to that group's signers. The e-mail notifications it causes are queued
 * in the same transaction. Record the event once the command's rows are written: the notification
 * quotes them.
 */
export async function recordEvent(core: Core, tx: Tx, event: NewEvent) {
  const row = await tx.db
    .insertInto('events')
    .values({
      projectId: event.projectId,
      projectBranchId: event.projectBranchId ?? null,
      authorId: event.authorId,
      status: event.status,
      ndaId: event.ndaId ?? null,
      subjectId: event.subjectId ?? null,
      ip: (event.ip ?? '').slice(0, 64),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueNotifications(core, tx, row);
  const dto = await presentEvent(tx.db, row);
  // Whether the author is one of the group's recipients (the others then see the event without their id).
  const byRecipient =
    row.projectBranchId !== null &&
    row.authorId !== null &&
    !!(await tx.db
      .selectFrom('signerships')
      .select('id')
      .where('projectBranchId', '=', row.projectBranchId)
      .where('userId', '=', row.authorId)
      .executeTakeFirst());
  publishEventCreated(core, tx, { event: dto, byRecipient });
  return row;
}
