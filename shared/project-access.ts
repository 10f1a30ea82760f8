/**
 * How a user relates to a project (the server decides it; the client reads it from the project):
 * - 'owner': the owner of the company the project belongs to;
 * - 'manager': a team member of that company who created the project or is one of its members;
 * - 'signer': a recipient with a signership in one of its groups whose NDA has been sent (read-only).
 */
export type ProjectAccess = 'owner' | 'manager' | 'signer';

/**
 * Owns the project: the owner of its company, or the team member who created it. Owning it lets one
 * comment in a group whose comments are turned off.
 */
export function ownsProject(access: ProjectAccess, project: { creatorId: number }, userId: number): boolean {
  return access === 'owner' || project.creatorId === userId;
}
