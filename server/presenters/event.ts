import type { Kysely } from 'kysely';
import type { EventDto } from '@shared/dto.js';
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
