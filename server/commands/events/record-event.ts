import { eventAuthorName, type EventType } from '@shared/events.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { eventDto, eventSentences } from '@server/presenters/event.js';
import { displayName } from '@server/presenters/thread.js';
import { publishEventCreated } from '@server/realtime/publishers/events.js';
import { currentUserAgent } from '@server/user-agent.js';
import { markReadByViewers } from '../event-feed/mark-read-by-viewers.js';
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
  /** The browser the IP's request came from; by default that of the request being served. */
  userAgent?: string;
}

/**
 * Writes the event in the command's transaction; after commit it is pushed to the project's senders
 * and, for an event of a group, to that group's signers. The e-mail notifications it causes are queued
 * in the same transaction, and it counts as read by whoever has its NDA open (markReadByViewers).
 * Record the event once the command's rows are written: the notification quotes them.
 */
export async function recordEvent(core: Core, tx: Tx, event: NewEvent) {
  // One statement writes the event and reads what presenting and notifying it need: its author, the
  // project's sending side, and the author's signership in the group (a recipient's, with a pass's reason).
  const found = await tx.db
    .with('e', (db) =>
      db
        // Database trigger events_report_moves (migration 2026_11_23_0050) counts NDA moves for the reports.
        .insertInto('events')
        .values({
          projectId: event.projectId,
          projectBranchId: event.projectBranchId ?? null,
          authorId: event.authorId,
          status: event.status,
          ndaId: event.ndaId ?? null,
          subjectId: event.subjectId ?? null,
          ip: (event.ip ?? '').slice(0, 64),
          userAgent: (event.userAgent ?? currentUserAgent()).slice(0, 512),
        })
        .returningAll(),
    )
    .selectFrom('e')
    .innerJoin('projects', 'projects.id', 'e.projectId')
    .leftJoin('users', 'users.id', 'e.authorId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .leftJoin('signerships', (j) =>
      j.onRef('signerships.projectBranchId', '=', 'e.projectBranchId').onRef('signerships.userId', '=', 'e.authorId'),
    )
    .selectAll('e')
    .select([
      'users.firstName as authorFirstName',
      'users.lastName as authorLastName',
      'users.email as authorEmail',
      'users.isDeleted as authorIsDeleted',
      'users.companyId as authorCompanyId',
      'users.role as authorRole',
      'companies.name as authorCompany',
      'projects.companyId as projectCompanyId',
      'projects.ownerId as projectOwnerId',
      'signerships.id as signershipId',
      'signerships.rejectionReason as passReason',
    ])
    .executeTakeFirstOrThrow();
  const {
    authorFirstName,
    authorLastName,
    authorEmail,
    authorIsDeleted,
    authorCompanyId,
    authorRole,
    authorCompany,
    projectCompanyId,
    projectOwnerId,
    signershipId,
    passReason,
    ...row
  } = found;
  const author =
    row.authorId !== null && authorEmail !== null
      ? {
          id: row.authorId,
          firstName: authorFirstName!,
          lastName: authorLastName!,
          email: authorEmail,
          isDeleted: authorIsDeleted!,
          companyId: authorCompanyId,
          role: authorRole!,
          company: authorCompany,
        }
      : null;
  await queueNotifications(core, tx, row, {
    project: { id: row.projectId, companyId: projectCompanyId, ownerId: projectOwnerId },
    author,
    passReason,
  });
  const sentence = (await eventSentences(tx.db, [row])).get(row.id) ?? null;
  const dto = eventDto(row, eventAuthorName(row.status, author ? displayName(author) : null), passReason, sentence);
  // Whether the author is one of the group's recipients (the others then see the event without their id).
  publishEventCreated(core, tx, { event: dto, byRecipient: signershipId !== null });
  await markReadByViewers(core, tx, row);
  return row;
}
