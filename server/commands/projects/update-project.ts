import type { ProjectUpdateInput } from '@shared/schemas/projects.js';
import { isExtension } from '@shared/timetable.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import type { ProjectDto } from '@server/presenters/project.js';
import { presentLoadedProject } from '@server/queries/projects/get-project.js';
import { recordEvent } from '../events/record-event.js';
import { announceExtension } from '../timetable/announce-extension.js';
import { reminderColumns } from '../timetable/timetable-columns.js';
import { type ProjectUploads, withProjectFiles } from './project-files.js';
import { setApprovers } from './set-approvers.js';
import { setProjectMembers } from './set-project-members.js';
import { announceReleases } from '../deal-documents/announce-releases.js';

/**
 * Edits a project from its dashboard: title, summary, team (member_added / member_removed), archive
 * state (project_archived / project_unarchived), NDA deadline (a later one or none is an extension,
 * announced to the groups that inherit it), reminder schedule and teaser / CIM files, in one
 * transaction. Managers only.
 */
export async function updateProject(
  core: Core,
  {
    actor,
    projectId,
    input,
    uploads = {},
    ip,
  }: { actor: Actor; projectId: number; input: ProjectUpdateInput; uploads?: ProjectUploads; ip?: string },
): Promise<ProjectDto> {
  const { project, access } = await authorizeProject(core.db, actor, projectId, 'change');
  await withProjectFiles(core, { projectId: project.id, uploads }, (attachFiles) =>
    core.tx(async (tx) => {
      const before = await tx.db
        .selectFrom('projects')
        .selectAll()
        .where('id', '=', project.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const { members, reminders, approvers, ...rest } = input;
      const fields = { ...rest, ...reminderColumns(reminders) };
      if (Object.keys(fields).length)
        await tx.db.updateTable('projects').set(fields).where('id', '=', project.id).execute();
      if (input.ndaDeadline !== undefined && isExtension(before.ndaDeadline, input.ndaDeadline)) {
        // The groups without a deadline of their own follow the project's.
        const inheriting = await tx.db
          .selectFrom('projectBranches')
          .select('id')
          .where('projectId', '=', project.id)
          .where('ndaDeadline', 'is', null)
          .execute();
        await announceExtension(core, tx, {
          actor,
          projectId: project.id,
          branchIds: inheriting.map((b) => b.id),
          deadline: input.ndaDeadline,
          ip,
        });
      }
      if (input.isArchived !== undefined && input.isArchived !== before.isArchived) {
        await recordEvent(core, tx, {
          projectId: project.id,
          authorId: actor.user.id,
          status: input.isArchived ? 'project_archived' : 'project_unarchived',
          ip,
        });
      }
      if (members)
        await setProjectMembers(core, tx, { project: before, memberIds: members, authorId: actor.user.id, ip });
      if (approvers) await setApprovers(tx, { projectId: project.id, userIds: approvers });
      await attachFiles(tx);
      // A new teaser or CIM, or the CIM's rule changed, may reach groups now.
      await announceReleases(core, tx, { projectId: project.id, ip });
    }),
  );
  return presentLoadedProject(core, { actor, projectId: project.id, access });
}
