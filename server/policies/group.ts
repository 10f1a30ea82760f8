import type { Kysely } from 'kysely';
import { PROJECT_MESSAGES } from '@shared/schemas/projects.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { authorizeProject, type ProjectAction, signerBranchIds } from './project.js';

/**
 * Recipient groups. Signer groups (sets of recipients) belong to a company and are managed by its
 * team; a project's groups (branches) follow the project: managers change them, a signer reads only
 * the groups they receive the NDA in, anyone else gets 404.
 */

/** The sending side: account owners and team members of a company. Signers get 403. */
export function requireTeam(actor: Actor): number {
  if ((actor.user.role !== 'owner' && actor.user.role !== 'member') || actor.user.companyId === null) {
    throw AppError.forbidden('team_only', PROJECT_MESSAGES.teamOnly);
  }
  return actor.user.companyId;
}

export async function authorizeBranch(db: Kysely<Database>, actor: Actor, branchId: number, action: ProjectAction) {
  const branch = await db.selectFrom('projectBranches').selectAll().where('id', '=', branchId).executeTakeFirst();
  if (!branch) throw AppError.notFound();
  const { project, access } = await authorizeProject(db, actor, branch.projectId, 'view');
  if (access === 'signer') {
    const mine = await signerBranchIds(db, actor.user.id, project.id);
    if (!mine.includes(branch.id)) throw AppError.notFound();
    if (action === 'change') throw AppError.forbidden('team_only', PROJECT_MESSAGES.readOnly);
  }
  return { branch, project, access };
}

export async function authorizeSignership(db: Kysely<Database>, actor: Actor, signershipId: number) {
  const signership = await db.selectFrom('signerships').selectAll().where('id', '=', signershipId).executeTakeFirst();
  if (!signership) throw AppError.notFound();
  const found = await authorizeBranch(db, actor, signership.projectBranchId, 'view');
  // A signer may see their own group, but no recipient's tag is theirs to change.
  if (found.access === 'signer') {
    if (signership.userId !== actor.user.id) throw AppError.notFound();
    throw AppError.forbidden('team_only', PROJECT_MESSAGES.readOnly);
  }
  return { signership, ...found };
}

/** A signer group of the actor's company, or 404. */
export async function authorizeSignerGroup(db: Kysely<Database>, actor: Actor, groupId: number) {
  const companyId = actor.user.companyId;
  const group = await db.selectFrom('signerGroups').selectAll().where('id', '=', groupId).executeTakeFirst();
  if (!group || companyId === null || group.companyId !== companyId) throw AppError.notFound();
  requireTeam(actor);
  return group;
}
