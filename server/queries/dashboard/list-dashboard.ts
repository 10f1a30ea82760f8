import type { DashboardQuery } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentBranches } from '../groups/present-branches.js';
import { countOf, type Page, pageOf } from '../projects/page.js';

/** The project tracker: the project's groups with their NDA and recipients, newest first. Managers only. */
export async function listDashboard(
  core: Core,
  { actor, query: q }: { actor: Actor; query: DashboardQuery },
): Promise<Page<BranchDto>> {
  const { project } = await authorizeProject(core.db, actor, q.project, 'change');
  const query = core.db.selectFrom('projectBranches').where('projectBranches.projectId', '=', project.id);
  const count = await countOf(query);
  const rows = await pageOf(query.selectAll('projectBranches').orderBy('projectBranches.id', 'desc'), q).execute();
  const results = await presentBranches(core.db, {
    viewerId: actor.user.id,
    rows: rows.map((row) => ({ row, asSigner: false })),

    now: core.config.timetable.now(),
  });
  return { count, limit: q.limit, offset: q.offset, results };
}
