import type { PageRequest } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject, signerBranchIds } from '@server/policies/project.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { countOf, type Page, pageOf } from '../projects/page.js';
import { managedProjects } from '../projects/visible-projects.js';
import { presentBranches } from './present-branches.js';

/**
 * A project's groups (newest first): all of them for its managers, only their own for a recipient.
 * Without a project: every group the caller may see.
 */
export async function listBranches(
  core: Core,
  { actor, query: q }: { actor: Actor; query: PageRequest & { project?: number } },
): Promise<Page<BranchDto>> {
  let query = core.db.selectFrom('projectBranches');
  if (q.project) {
    const { project, access } = await authorizeProject(core.db, actor, q.project, 'view');
    query = query.where('projectBranches.projectId', '=', project.id);
    if (access === 'signer') {
      const mine = await signerBranchIds(core.db, actor.user.id, project.id);
      query = query.where('projectBranches.id', 'in', mine);
    }
  } else {
    query = query.where((eb) =>
      eb.or([
        eb(
          'projectBranches.projectId',
          'in',
          eb.selectFrom('projects').select('projects.id').where(managedProjects(actor.user)),
        ),
        eb(
          'projectBranches.id',
          'in',
          eb
            .selectFrom('signerships')
            .innerJoin('ndas', 'ndas.projectBranchId', 'signerships.projectBranchId')
            .select('signerships.projectBranchId')
            .where('signerships.userId', '=', actor.user.id)
            .where('ndas.isSent', '=', true),
        ),
      ]),
    );
  }
  const count = await countOf(query);
  const rows = await pageOf(
    query
      .selectAll('projectBranches')
      .select((eb) =>
        eb(
          'projectBranches.projectId',
          'in',
          eb.selectFrom('projects').select('projects.id').where(managedProjects(actor.user)),
        ).as('managed'),
      )
      .orderBy('projectBranches.id', 'desc'),
    q,
  ).execute();
  const results = await presentBranches(core.db, {
    viewerId: actor.user.id,
    rows: rows.map(({ managed, ...row }) => ({ row, asSigner: !managed })),
    now: core.config.timetable.now(),
  });
  return { count, limit: q.limit, offset: q.offset, results };
}
