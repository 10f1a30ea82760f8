import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import { managedProjects } from '../projects/visible-projects.js';

export interface ReportChoiceDto {
  id: number;
  name: string;
  isArchived: boolean;
  /** The project's groups, oldest first. */
  projectBranches: Array<{ id: number; name: string }>;
}

/**
 * What the reports' filter offers: the projects the caller runs, newest first, each with its groups'
 * ids and names only (the filter's options), in two statements whatever the number of projects.
 */
export async function listReportChoices(core: Core, { actor }: { actor: Actor }): Promise<ReportChoiceDto[]> {
  requireTeam(actor);
  const projects = await core.db
    .selectFrom('projects')
    .select(['projects.id', 'projects.name', 'projects.isArchived'])
    .where(managedProjects(actor.user))
    .orderBy('projects.id', 'desc')
    .execute();
  if (!projects.length) return [];
  const branches = await core.db
    .selectFrom('projectBranches')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .select(['projectBranches.id', 'projectBranches.name', 'projectBranches.projectId'])
    .where(managedProjects(actor.user))
    .orderBy('projectBranches.id')
    .execute();
  const byProject = new Map<number, Array<{ id: number; name: string }>>();
  for (const b of branches) {
    const list = byProject.get(b.projectId) ?? [];
    list.push({ id: b.id, name: b.name });
    byProject.set(b.projectId, list);
  }
  return projects.map((p) => ({ ...p, projectBranches: byProject.get(p.id) ?? [] }));
}
