import type { Kysely } from 'kysely';
import { SETTLED_STATUSES } from '@shared/negotiation.js';
import type { Database } from '@server/db/schema.js';

/** Unresolved comment threads per group: threads of the group's NDA not yet approved or rejected by both parties. */
export async function countUnresolvedThreads(db: Kysely<Database>, branchIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(branchIds.map((id) => [id, 0]));
  if (!branchIds.length) return counts;
  const rows = await db
    .selectFrom('commentThreads')
    .innerJoin('ndas', 'ndas.id', 'commentThreads.ndaId')
    .select(['ndas.projectBranchId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ndas.projectBranchId', 'in', branchIds)
    .where('commentThreads.negotiationStatus', 'not in', SETTLED_STATUSES)
    .groupBy('ndas.projectBranchId')
    .execute();
  for (const r of rows) if (r.projectBranchId !== null) counts.set(r.projectBranchId, Number(r.n));
  return counts;
}
