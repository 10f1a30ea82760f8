import type { Kysely } from 'kysely';
import type { EventDto } from '@shared/dto.js';
import { documentOpenedSentence, eventAuthorName, type EventType } from '@shared/events.js';
import type { Database, EventRow } from '../db/schema.js';
import { authorNames } from './thread.js';

export type { EventDto };

/** Why each recipient who passed did so, by group and author (the signership holds it), in one query. */
async function passReasons(db: Kysely<Database>, rows: EventRow[]): Promise<Map<string, string>> {
  const passes = rows.filter((r) => r.status === 'nda_rejected' && r.projectBranchId !== null && r.authorId !== null);
  if (passes.length === 0) return new Map();
  const found = await db
    .selectFrom('signerships')
    .select(['projectBranchId', 'userId', 'rejectionReason'])
    .where('projectBranchId', 'in', [...new Set(passes.map((r) => r.projectBranchId!))])
    .where('userId', 'in', [...new Set(passes.map((r) => r.authorId!))])
    .where('rejectionReason', 'is not', null)
    .execute();
  return new Map(found.map((s) => [`${s.projectBranchId}:${s.userId}`, s.rejectionReason!]));
}

const unique = (ids: Array<number | null>) => [...new Set(ids.filter((id): id is number => id !== null))];

/**
 * The sentence of each document_opened event, by event id: the opener's company (else their group's
 * name) and the document's title, in one query whatever the number of events.
 */
export async function eventSentences(db: Kysely<Database>, rows: EventRow[]): Promise<Map<number, string>> {
  const opened = rows.filter((r) => r.status === 'document_opened');
  if (opened.length === 0) return new Map();
  const found = await db
    .selectFrom('events')
    .leftJoin('dealDocuments', 'dealDocuments.id', 'events.subjectId')
    .leftJoin('users', 'users.id', 'events.authorId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .leftJoin('projectBranches', 'projectBranches.id', 'events.projectBranchId')
    .select(['events.id', 'dealDocuments.title', 'companies.name as company', 'projectBranches.name as groupName'])
    .where('events.id', 'in', unique(opened.map((r) => r.id)))
    .execute();
  return new Map(
    found.map((f) => [f.id, documentOpenedSentence(f.company || f.groupName || 'A bidder', f.title ?? null)]),
  );
}

/** Events with their authors' names (and a pass's reason), in one query each whatever the number of events. */
export async function presentEvents(
  db: Kysely<Database>,
  rows: Array<EventRow & { isRead?: boolean }>,
): Promise<EventDto[]> {
  const [names, reasons, sentences] = await Promise.all([
    authorNames(
      db,
      rows.map((r) => r.authorId),
    ),
    passReasons(db, rows),
    eventSentences(db, rows),
  ]);
  return rows.map((row) =>
    eventDto(
      row,
      eventAuthorName(row.status, row.authorId ? names.get(row.authorId) : null),
      reasons.get(`${row.projectBranchId}:${row.authorId}`) ?? null,
      sentences.get(row.id) ?? null,
    ),
  );
}

/** An event with its author's name, for a pass the reason its author gave, and its sentence if told as one. */
export function eventDto(
  row: EventRow & { isRead?: boolean },
  author: string,
  passReason: string | null,
  sentence: string | null = null,
): EventDto {
  return {
    id: row.id,
    project: row.projectId,
    projectBranch: row.projectBranchId,
    nda: row.ndaId,
    subject: row.subjectId,
    author,
    authorId: row.authorId,
    status: row.status,
    created: row.createdAt.toISOString(),
    isRead: Boolean(row.isRead),
    reason: row.status === 'nda_rejected' ? passReason : null,
    sentence,
  };
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
 * stays, as it does on the threads they negotiate together. A pass's reason was written for the
 * sending team: only its author reads it back. `viewerId` keeps the viewer's own id.
 */
export function recipientView(event: EventDto, viewerId: number | null): EventDto {
  const own = event.authorId !== null && event.authorId === viewerId;
  return {
    ...event,
    reason: own ? event.reason : null,
    authorId: event.authorId !== null && event.authorId === viewerId ? event.authorId : null,
    subject: PERSON_SUBJECTS.has(event.status) && event.subject !== viewerId ? null : event.subject,
  };
}
