import type { Kysely } from 'kysely';
import type { EventDto } from '@shared/dto.js';
import type { EventType } from '@shared/events.js';
import type { Database, EventRow } from '../db/schema.js';
import { authorNames } from './thread.js';

export type { EventDto };

/** Events with their authors' names, in one query for the names whatever the number of events. */
export async function presentEvents(
  db: Kysely<Database>,
  rows: Array<EventRow & { isRead?: boolean }>,
): Promise<EventDto[]> {
  const names = await authorNames(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    project: row.projectId,
    projectBranch: row.projectBranchId,
    nda: row.ndaId,
    subject: row.subjectId,
    author: (row.authorId && names.get(row.authorId)) || 'Deleted user',
    authorId: row.authorId,
    status: row.status,
    created: row.createdAt.toISOString(),
    isRead: Boolean(row.isRead),
  }));
}

export async function presentEvent(db: Kysely<Database>, row: EventRow): Promise<EventDto> {
  return (await presentEvents(db, [row]))[0]!;
}

/** Events whose subject is a person (a team member, a recipient) rather than a thing. */
const PERSON_SUBJECTS: ReadonlySet<string> = new Set<EventType>([
  'member_added',
  'member_removed',
  'recipient_added',
  'recipient_removed',
  'nda_sent',
]);

/**
 * An event as a recipient of the group sees it: a recipient sees only their own signership, so the
 * ids of the other people in it (as the event's subject or author) are left out; the author's name
 * stays, as it does on the threads they negotiate together. `viewerId` keeps the viewer's own id.
 */
export function recipientView(event: EventDto, viewerId: number | null): EventDto {
  return {
    ...event,
    authorId: event.authorId !== null && event.authorId === viewerId ? event.authorId : null,
    subject: PERSON_SUBJECTS.has(event.status) && event.subject !== viewerId ? null : event.subject,
  };
}
