import type { Kysely } from 'kysely';
import type { ProjectAccess } from '@shared/project-access.js';
import type { Database, ProjectRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';

export type { ProjectAccess };

/**
 * The sender side of a project: the owner of its company, and the company's team members who created
 * it or were added to it (`isMember`). Anyone else is not on the sender side (null).
 */
export function senderAccess(
  actor: Actor,
  project: Pick<ProjectRow, 'companyId' | 'ownerId'>,
  isMember: boolean,
): 'owner' | 'manager' | null {
  const user = actor.user;
  if (user.companyId !== project.companyId) return null;
  if (user.role === 'owner') return 'owner';
  if (user.role === 'member' && (project.ownerId === user.id || isMember)) return 'manager';
  return null;
}

/** How an actor relates to a project (see ProjectAccess); anyone else may not see the project at all (404). */
export async function projectAccess(
  db: Kysely<Database>,
  actor: Actor,
  project: ProjectRow,
): Promise<ProjectAccess | null> {
  const sender = senderAccess(actor, project, await isProjectMember(db, actor, project));
  if (sender) return sender;
  const branches = await signerBranchIds(db, actor.user.id, project.id);
  return branches.length ? 'signer' : null;
}

/**
 * Whether the actor is on the project's team list; looked up only for a team member of its company,
 * the only one it concerns.
 */
async function isProjectMember(db: Kysely<Database>, actor: Actor, project: ProjectRow): Promise<boolean> {
  const user = actor.user;
  if (user.companyId !== project.companyId || user.role !== 'member' || project.ownerId === user.id) return false;
  const member = await db
    .selectFrom('projectMembers')
    .select('userId')
    .where('projectId', '=', project.id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  return !!member;
}

/** The groups of a project in which the user is a recipient whose NDA has been sent. */
export async function signerBranchIds(db: Kysely<Database>, userId: number, projectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('signerships')
    .innerJoin('projectBranches', 'projectBranches.id', 'signerships.projectBranchId')
    .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
    .select('projectBranches.id')
    .where('signerships.userId', '=', userId)
    .where('projectBranches.projectId', '=', projectId)
    .where('ndas.isSent', '=', true)
    .execute();
  return rows.map((r) => r.id);
}

export type ProjectAction = 'view' | 'change';

/** Loads a project the actor may act on, or throws: 404 when they may not see it, 403 when they may only read it. */
export async function authorizeProject(db: Kysely<Database>, actor: Actor, projectId: number, action: ProjectAction) {
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!project) throw AppError.notFound();
  const access = await projectAccess(db, actor, project);
  if (!access) throw AppError.notFound();
  if (action === 'change' && access === 'signer')
    throw AppError.forbidden('team_only', 'Recipients have a read-only view of the project.');
  return { project, access };
}

/**
 * Loads a project for what only its sender side (the company's owner, the project's managers) may
 * see, such as every group's negotiation at once: recipients get 404, as anyone else does.
 */
export async function authorizeSenderSide(db: Kysely<Database>, actor: Actor, projectId: number) {
  const found = await authorizeProject(db, actor, projectId, 'view');
  if (found.access === 'signer') throw AppError.notFound();
  return found;
}
