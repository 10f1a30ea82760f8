import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { visibleEvents } from '@server/queries/events/visible-events.js';

/** Marks events read for the caller; ids of events they may not see (or that do not exist) are ignored. */
export async function markEventsRead(
  core: Core,
  { actor, eventIds }: { actor: Actor; eventIds: number[] },
): Promise<{ detail: string; marked: number }> {
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return { detail: 'OK', marked: 0 };
  return core.tx(async (tx) => {
    const visible = await tx.db
      .selectFrom('events')
      .select('events.id')
      .where('events.id', 'in', ids)
      .where(visibleEvents(actor.user))
      .execute();
    if (visible.length === 0) return { detail: 'OK', marked: 0 };
    const inserted = await tx.db
      .insertInto('eventReads')
      .values(visible.map((e) => ({ eventId: e.id, userId: actor.user.id })))
      .onConflict((oc) => oc.columns(['eventId', 'userId']).doNothing())
      .returning('eventId')
      .execute();
    const last = Math.max(...visible.map((e) => e.id));
    await tx.db
      .updateTable('users')
      .set({ lastSeenEventId: sql<number>`greatest(last_seen_event_id, ${last})` })
      .where('id', '=', actor.user.id)
      .execute();
    return { detail: 'OK', marked: inserted.length };
  });
}
