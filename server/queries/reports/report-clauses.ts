import type { Kysely } from 'kysely';
import { groupClauses, threadOutcome } from '@shared/clauses.js';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Database, UserRow } from '@server/db/schema.js';
import type { ReportClauseDto } from '@server/presenters/report.js';
import { reportBranches } from './report-scope.js';

type Viewer = Pick<UserRow, 'id' | 'role' | 'companyId'>;

/**
 * The clauses negotiated in a report's scope, as the clause view groups them (shared/clauses.ts),
 * each project's threads on its own (clauses are places in one project's document): the threads of
 * the groups in scope, each placed at its first pointer. Most contested first: the clauses raised by
 * the most groups, then with the most threads, then in document order.
 */
export async function reportClauses(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: ReportFilter,
): Promise<ReportClauseDto[]> {
  const threads = await db
    .selectFrom('commentThreads')
    .innerJoin('ndas', 'ndas.id', 'commentThreads.ndaId')
    .innerJoin('projects', 'projects.id', 'ndas.projectId')
    // Each thread's first pointer, read per thread (an index lookup), not from the whole table.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('pointers')
          .select(['pointers.page', 'pointers.x', 'pointers.y'])
          .whereRef('pointers.commentThreadId', '=', 'commentThreads.id')
          .orderBy('pointers.id')
          .limit(1)
          .as('first'),
      (join) => join.onTrue(),
    )
    .select([
      'commentThreads.id',
      'commentThreads.quote',
      'commentThreads.negotiationStatus',
      'ndas.projectBranchId',
      'projects.id as projectId',
      'projects.name as projectName',
      'first.page',
      'first.x',
      'first.y',
    ])
    .where('ndas.projectBranchId', 'in', reportBranches(db, viewer, filter).clearSelect().select('projectBranches.id'))
    .orderBy('commentThreads.id')
    .execute();

  const byProject = new Map<number, typeof threads>();
  for (const t of threads) byProject.set(t.projectId, [...(byProject.get(t.projectId) ?? []), t]);
  const clauses: Array<ReportClauseDto & { order: number }> = [];
  for (const rows of byProject.values()) {
    const placed = rows.map((t) => ({
      ...t,
      // Every thread keeps at least one pointer; the top of page 1 only guards a row written otherwise.
      anchor: { page: t.page ?? 1, x: t.x ?? 0, y: t.y ?? 0 },
    }));
    groupClauses(placed).forEach((c, order) => {
      const outcomes = c.threads.map((t) => threadOutcome(t.negotiationStatus));
      clauses.push({
        project: rows[0]!.projectId,
        projectName: rows[0]!.projectName,
        page: c.page,
        quote: c.quote,
        threads: c.threads.length,
        groups: new Set(c.threads.map((t) => t.projectBranchId)).size,
        open: outcomes.filter((o) => o === 'open').length,
        agreed: outcomes.filter((o) => o === 'agreed').length,
        rejected: outcomes.filter((o) => o === 'rejected').length,
        order,
      });
    });
  }
  return clauses
    .sort((a, b) => b.groups - a.groups || b.threads - a.threads || b.project - a.project || a.order - b.order)
    .map(({ order: _order, ...clause }) => clause);
}
