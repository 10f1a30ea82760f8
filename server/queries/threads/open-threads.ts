import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema.js';

const SETTLED = ['approved_by_both_parties', 'rejected_by_both_parties'];

/** How many threads of the NDA are not settled (approved by both or rejected by both): signing waits for none. */
export async function countOpenThreads(db: Kysely<Database>, ndaId: number): Promise<number> {
  const row = await db
    .selectFrom('commentThreads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ndaId', '=', ndaId)
    .where('negotiationStatus', 'not in', SETTLED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
