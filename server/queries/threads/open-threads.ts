import type { Kysely } from 'kysely';
import { SETTLED_STATUSES } from '@shared/negotiation.js';
import type { Database } from '@server/db/schema.js';

/** How many threads of the NDA are not settled (approved by both or rejected by both): signing waits for none. */
export async function countOpenThreads(db: Kysely<Database>, ndaId: number): Promise<number> {
  const row = await db
    .selectFrom('commentThreads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ndaId', '=', ndaId)
    .where('negotiationStatus', 'not in', SETTLED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
