import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import { presentProject, type ProjectDto } from '@server/presenters/project.js';
import { loadProjectFacts } from './project-facts.js';

/** One project as the caller may see it (a signer's view is read-only and limited to their groups). */
export async function getProject(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<ProjectDto> {
  const { project, access } = await authorizeProject(core.db, actor, projectId, 'view');
  return presentLoadedProject(core, { actor, projectId: project.id, access });
}

/** Presents a project by id for a viewer whose access is already known (commands answer with it). */
export async function presentLoadedProject(
  core: Core,
  { actor, projectId, access }: { actor: Actor; projectId: number; access: ProjectDto['access'] },
): Promise<ProjectDto> {
  const row = await core.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  const facts = await loadProjectFacts(core.db, { viewer: actor.user, items: [{ row, access }] });
  return presentProject(row, facts.get(row.id)!);
}
