import type { Kysely } from 'kysely';
import { isCommentable } from '@shared/nda-lifecycle.js';
import type { Side } from '@shared/negotiation.js';
import { permissionsForRole } from '@shared/permissions.js';
import type { Database, NdaRow, ProjectBranchRow, ProjectRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { projectAccess, type ProjectAccess } from './project.js';

export interface Participation {
  nda: NdaRow;
  branch: ProjectBranchRow;
  project: ProjectRow;
  access: ProjectAccess;
  /** The sender side is the project's company; the recipient side is the group's signers. */
  side: Side;
}

/**
 * Who takes part in the negotiation of a group's NDA: the project's owner and managers (sender side),
 * and the group's signers once the NDA has been sent (recipient side). Anyone else: 404.
 */
export async function authorizeParticipant(db: Kysely<Database>, actor: Actor, ndaId: number): Promise<Participation> {
  const nda = await db.selectFrom('ndas').selectAll().where('id', '=', ndaId).executeTakeFirst();
  if (!nda || nda.projectBranchId === null) throw AppError.notFound();
  const project = await db.selectFrom('projects').selectAll().where('id', '=', nda.projectId).executeTakeFirstOrThrow();
  const branch = await db
    .selectFrom('projectBranches')
    .selectAll()
    .where('id', '=', nda.projectBranchId)
    .executeTakeFirstOrThrow();
  const access = await projectAccess(db, actor, project);
  if (access === 'owner' || access === 'manager') return { nda, branch, project, access, side: 'sender' };
  if (!nda.isSent) throw AppError.notFound();
  const signership = await db
    .selectFrom('signerships')
    .select('id')
    .where('projectBranchId', '=', branch.id)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  if (!signership) throw AppError.notFound();
  return { nda, branch, project, access: 'signer', side: 'recipient' };
}

export function can(actor: Actor, codename: string): boolean {
  return permissionsForRole(actor.user.role).includes(codename);
}

export const THREAD_MESSAGES = {
  closed: 'The NDA is recalled or signed: it can no longer be commented on.',
  commentsOff: 'Comments are turned off for this group.',
  notAuthor: 'Only the author can change or delete this.',
  settled: 'This thread is settled by both parties and can no longer be changed.',
  setPointer: 'set pointer',
} as const;

/** Opening threads and writing comments: the NDA must be open, and the group must allow comments unless the actor is the project's owner. */
export function authorizeCommenting(
  actor: Actor,
  p: Participation,
  codename: 'add_commentthread' | 'add_comment',
): void {
  if (!can(actor, codename)) throw AppError.forbidden();
  if (!isCommentable(p.nda)) throw AppError.nonField(THREAD_MESSAGES.closed);
  const ownsProject = p.access === 'owner' || p.project.ownerId === actor.user.id;
  if (!p.branch.allowComments && !ownsProject) throw AppError.forbidden(THREAD_MESSAGES.commentsOff);
}
