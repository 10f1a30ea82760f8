import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import { userImageUrl } from '@server/presenters/user.js';

/** A member of a project's team as the NDA page's header shows them. */
export interface ProjectTeamMemberDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
}

/**
 * The project's team (its creator first, then its members in the order they joined), for the avatars of
 * the NDA page's header. A recipient sees no team, as on the project itself.
 */
export async function listProjectTeam(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<ProjectTeamMemberDto[]> {
  const { project, access } = await authorizeProject(core.db, actor, projectId, 'view');
  if (access === 'signer') return [];
  const rows = await core.db
    .selectFrom('projectMembers')
    .innerJoin('users', 'users.id', 'projectMembers.userId')
    .select(['users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.avatarKey'])
    .where('projectMembers.projectId', '=', project.id)
    .where('users.isDeleted', '=', false)
    .orderBy('projectMembers.userId')
    .execute();
  const creatorFirst = [
    ...rows.filter((r) => r.id === project.ownerId),
    ...rows.filter((r) => r.id !== project.ownerId),
  ];
  return creatorFirst.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    avatar: userImageUrl(r.id, 'avatar', r.avatarKey),
  }));
}
