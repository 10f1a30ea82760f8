import { sql } from 'kysely';
import { eventPageNda } from '@shared/event-reads.js';
import type { Core } from '@server/core.js';
import type { EventRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { publishEventsRead } from '@server/realtime/publishers/events.js';

/**
 * In the event's transaction: the event counts as read by everyone who has the page it concerns open
 * (shared/event-reads.ts), as presence knows them now (no network: the state is this process's own).
 * Only those who may see the NDA are in its room, so they may see its events. Their last seen event
 * moves as marking read does, and after commit every tab of theirs hears it (events.read). Call it
 * once the event is published, so that message follows event.created.
 */
export async function markReadByViewers(core: Core, tx: Tx, event: EventRow): Promise<void> {
  const ndaId = eventPageNda({ nda: event.ndaId });
  if (ndaId === null) return;
  const viewers = [...(await core.realtime.viewersOf(ndaId))].filter((id) => id !== event.authorId);
  if (viewers.length === 0) return;
  const marked = await sql<{ id: number }>`
    with marked as (
      insert into event_reads (event_id, user_id)
      select ${event.id}, users.id from users where users.id in (${sql.join(viewers)})
      on conflict (event_id, user_id) do nothing
      returning user_id
    )
    update users set last_seen_event_id = greatest(last_seen_event_id, ${event.id})
     where id in (select user_id from marked)
    returning id`.execute(tx.db);
  publishEventsRead(core, tx, {
    userIds: marked.rows.map((r) => r.id),
    project: event.projectId,
    events: [event.id],
  });
}
