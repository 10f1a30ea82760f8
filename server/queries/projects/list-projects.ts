import type { ProjectListQuery } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { presentProject, type ProjectDto } from '@server/presenters/project.js';
import { countOf, likePattern, type Page, pageOf } from './page.js';
import { loadProjectFacts } from './project-facts.js';
import { managedProjects, receivedProjects } from './visible-projects.js';

/**
 * The projects list. Received: projects the caller is a recipient of; Initiated: projects of the
 * caller's company they may see; All: both; Active / Archived: both kinds, not archived / archived.
 * Newest first, filtered by name (case-insensitive) and optionally by company.
 */
export async function listProjects(
  core: Core,
  { actor, query: q }: { actor: Actor; query: ProjectListQuery },
): Promise<Page<ProjectDto>> {
  const managed = managedProjects(actor.user);
  const received = receivedProjects(actor.user.id);
  let query = core.db.selectFrom('projects').where((eb) => {
    if (q.filter === 'Received') return received(eb);
    if (q.filter === 'Initiated') return managed(eb);
    const either = eb.or([managed(eb), received(eb)]);
    if (q.filter === 'Active') return eb.and([either, eb('projects.isArchived', '=', false)]);
    if (q.filter === 'Archived') return eb.and([either, eb('projects.isArchived', '=', true)]);
    return either;
  });
  if (q.search) query = query.where('projects.name', 'ilike', likePattern(q.search));
  if (q.company) query = query.where('projects.companyId', '=', q.company);

  const count = await countOf(query);
  const rows = await pageOf(
    query
      .selectAll('projects')
      .select((eb) => managed(eb).as('managed'))
      .orderBy('projects.id', 'desc'),
    q,
  ).execute();
  const items = rows.map(({ managed: isManaged, ...row }) => ({
    row,
    access: isManaged ? (actor.user.role === 'owner' ? ('owner' as const) : ('manager' as const)) : ('signer' as const),
  }));
  const facts = await loadProjectFacts(core.db, { viewer: actor.user, items });
  return {
    count,
    limit: q.limit,
    offset: q.offset,
    results: items.map((i) => presentProject(i.row, facts.get(i.row.id)!)),
  };
}
