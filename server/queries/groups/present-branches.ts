import type { Kysely } from 'kysely';
import type { Database, ProjectBranchRow } from '@server/db/schema.js';
import { type BranchDto, presentBranch } from '@server/presenters/branch.js';
import { loadBranchFacts } from './branch-facts.js';

/**
 * Presents groups for a viewer: those of projects they run in full, those they received as a recipient
 * sees them. `now` is the clock deadlines follow (the timetable's, which signing follows too).
 */
export async function presentBranches(
  db: Kysely<Database>,
  { viewerId, rows, now }: { viewerId: number; rows: Array<{ row: ProjectBranchRow; asSigner: boolean }>; now: Date },
): Promise<BranchDto[]> {
  const [managed, received] = await Promise.all([
    loadBranchFacts(db, {
      viewer: { userId: viewerId, isSigner: false },
      branches: rows.filter((r) => !r.asSigner).map((r) => r.row),
    }),
    loadBranchFacts(db, {
      viewer: { userId: viewerId, isSigner: true },
      branches: rows.filter((r) => r.asSigner).map((r) => r.row),
    }),
  ]);
  return rows.map(({ row, asSigner }) => presentBranch(row, (asSigner ? received : managed).get(row.id)!, now));
}
