import { PROJECT_MESSAGES } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { ProjectRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { recordEvent } from '../events/record-event.js';

/**
 * Makes a project's members the given team members of its company, inside the caller's transaction:
 * member_added / member_removed per change. The list is the whole team of the project: leaving out
 * its creator (a member from the start) or the author's own account is refused (spec 2: the user's own
 * account cannot be removed from project members).
 */
export async function setProjectMembers(
  core: Core,
  tx: Tx,
  {
    project,
    memberIds,
    authorId,
    ip,
  }: { project: Pick<ProjectRow, 'id' | 'companyId' | 'ownerId'>; memberIds: number[]; authorId: number; ip?: string },
): Promise<{ added: number[]; removed: number[] }> {
  const wanted = new Set(memberIds);
  const current = await tx.db
    .selectFrom('projectMembers')
    .select('userId')
    .where('projectId', '=', project.id)
    .forUpdate()
    .execute();
  const currentIds = new Set(current.map((c) => c.userId));
  const added = [...wanted].filter((id) => !currentIds.has(id));
  const removed = [...currentIds].filter((id) => !wanted.has(id));
  if (removed.includes(project.ownerId))
    throw AppError.fields('project_members_invalid', { members: PROJECT_MESSAGES.creatorStays });
  if (removed.includes(authorId))
    throw AppError.fields('project_members_invalid', { members: PROJECT_MESSAGES.selfStays });

  if (added.length) {
    const team = await tx.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', project.companyId)
      .where('role', 'in', ['owner', 'member'])
      .where('isDeleted', '=', false)
      .where('id', 'in', added)
      .execute();
    if (team.length !== added.length)
      throw AppError.fields('project_members_invalid', { members: PROJECT_MESSAGES.notTeamMember });
    await tx.db
      .insertInto('projectMembers')
      .values(added.map((userId) => ({ projectId: project.id, userId })))
      .execute();
  }
  if (removed.length)
    await tx.db
      .deleteFrom('projectMembers')
      .where('projectId', '=', project.id)
      .where('userId', 'in', removed)
      .execute();
  for (const userId of added) {
    if (userId === authorId && userId === project.ownerId) continue; // the creator joining their own new project is not news
    await recordEvent(core, tx, {
      projectId: project.id,
      authorId,
      status: 'member_added',
      subjectId: userId,
      ip,
    });
  }
  for (const userId of removed)
    await recordEvent(core, tx, {
      projectId: project.id,
      authorId,
      status: 'member_removed',
      subjectId: userId,
      ip,
    });
  // Their open sockets leave the project's and its NDAs' rooms once this commits.
  publishAccessChanged(core, tx, { users: removed });
  return { added, removed };
}
