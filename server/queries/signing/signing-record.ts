import type { Kysely } from 'kysely';
import { EVENT_SENTENCES, type EventType } from '@shared/events.js';
import type { Database, NdaRow } from '@server/db/schema.js';
import { authorNames } from '@server/presenters/thread.js';
import type { TimelineEntry } from '@server/services/signing/types.js';

const TIMELINE: Partial<Record<EventType, string>> = {
  nda_sent: 'NDA sent',
  nda_opened: 'NDA opened',
  new_comments_thread: 'Comment thread opened',
  new_comment: 'Comment written',
  approved: 'Thread approved',
  rejected: 'Thread rejected',
  comments_thread_deleted: 'Comment thread deleted',
  nda_recalled: 'NDA recalled',
  nda_restored: 'NDA restored',
};

/** What the certificate records of a group's NDA: its timeline and its threads with their final status. */
export async function signingRecord(db: Kysely<Database>, nda: NdaRow) {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('projectBranchId', '=', nda.projectBranchId)
    .where('status', 'in', Object.keys(TIMELINE))
    .orderBy('id')
    .execute();
  const threads = await db.selectFrom('commentThreads').selectAll().where('ndaId', '=', nda.id).orderBy('id').execute();
  const counts = threads.length
    ? await db
        .selectFrom('comments')
        .select(['commentThreadId', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'commentThreadId',
          'in',
          threads.map((t) => t.id),
        )
        .groupBy('commentThreadId')
        .execute()
    : [];
  const names = await authorNames(db, [...events.map((e) => e.authorId), ...threads.map((t) => t.authorId)]);
  const name = (id: number | null) => (id && names.get(id)) || 'Deleted user';
  const timeline: TimelineEntry[] = events.map((e) => ({
    at: e.createdAt.toISOString(),
    what: TIMELINE[e.status as EventType] ?? EVENT_SENTENCES[e.status as EventType] ?? e.status,
    who: name(e.authorId),
    ip: e.ip,
  }));
  return {
    timeline,
    threads: threads.map((t) => ({
      text: t.text,
      author: name(t.authorId),
      status: t.negotiationStatus,
      comments: Number(counts.find((c) => c.commentThreadId === t.id)?.n ?? 0),
    })),
  };
}
