import { sql } from 'kysely';
import type { Db } from '@server/db/connect.js';

/**
 * Moves every pending notification back by `seconds`: for a digest window that long, it has passed,
 * and the digest worker finds the items due on its next look. Tests run with a window no write
 * outlasts and call this where they expect the e-mail, so nothing they check depends on the clock.
 */
export async function digestWindowPasses(db: Db, seconds: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` })
    .where('status', '=', 'pending')
    .execute();
}
