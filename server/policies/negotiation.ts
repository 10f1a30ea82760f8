import type { Kysely } from 'kysely';
import { PASSED_MESSAGE, type Side } from '@shared/negotiation.js';
import { permissionFlags, permissionsForRole } from '@shared/permissions.js';
import {
  type AbilityContext,
  type CommentFacts,
  type ThreadAction,
  type ThreadFacts,
  type ThreadRefusal,
  sideOf,
  threadRefusal,
} from '@shared/thread-abilities.js';
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
  /** A signer of the group passed on the opportunity: the negotiation is closed. */
  passed: boolean;
}

/** Whether some signer of the group passed on the opportunity. */
export async function groupPassed(db: Kysely<Database>, branchId: number): Promise<boolean> {
  const row = await db
    .selectFrom('signerships')
    .select('id')
    .where('projectBranchId', '=', branchId)
    .where('rejectedAt', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/** An NDA's state as a change must see it: recalled, signed, passed on. */
export interface NegotiationState {
  isRecalled: boolean;
  isSigned: boolean;
  passed: boolean;
}

/**
 * Reads the NDA under a share lock (FOR UPDATE with `exclusive`), so a signature, a recall or a pass
 * committing meanwhile (each locks the NDA row) is waited for and then seen.
 */
export async function lockNegotiationState(
  db: Kysely<Database>,
  p: Participation,
  { exclusive = false }: { exclusive?: boolean } = {},
): Promise<NegotiationState> {
  const q = db.selectFrom('ndas').select(['isRecalled', 'isSigned']).where('id', '=', p.nda.id);
  const nda = await (exclusive ? q.forUpdate() : q.forShare()).executeTakeFirstOrThrow();
  return { isRecalled: nda.isRecalled, isSigned: nda.isSigned, passed: await groupPassed(db, p.branch.id) };
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
  const passed = await groupPassed(db, branch.id);
  if (access === 'owner' || access === 'manager') return { nda, branch, project, access, side: sideOf(access), passed };
  if (!nda.isSent) throw AppError.notFound();
  const signership = await db
    .selectFrom('signerships')
    .select('id')
    .where('projectBranchId', '=', branch.id)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  if (!signership) throw AppError.notFound();
  return { nda, branch, project, access: 'signer', side: sideOf('signer'), passed };
}

export function can(actor: Actor, codename: string): boolean {
  return permissionsForRole(actor.user.role).includes(codename);
}

export const THREAD_MESSAGES = {
  closed: 'The NDA is recalled or signed: it can no longer be commented on.',
  commentsOff: 'Comments are turned off for this group.',
  notAuthor: 'Only the author can change or delete this.',
  settled: 'This thread is settled by both parties and can no longer be changed.',
  passed: PASSED_MESSAGE,
  setPointer: 'set pointer',
} as const;

/** The facts the thread abilities are decided by; `state` defaults to what was read on authorization (pass a locked one). */
export function abilityContext(
  actor: Actor,
  p: Participation,
  state: Pick<NdaRow, 'isRecalled' | 'isSigned'> & { passed?: boolean } = p.nda,
): AbilityContext {
  return {
    actor: { userId: actor.user.id, access: p.access, flags: permissionFlags(permissionsForRole(actor.user.role)) },
    project: { creatorId: p.project.ownerId },
    group: { allowComments: p.branch.allowComments, passed: state.passed ?? p.passed },
    nda: { isRecalled: state.isRecalled, isSigned: state.isSigned },
  };
}

const REFUSED: Record<ThreadRefusal, () => AppError> = {
  no_permission: () => AppError.forbidden(),
  nda_closed: () => AppError.nonField(THREAD_MESSAGES.closed),
  passed: () => AppError.nonField(THREAD_MESSAGES.passed),
  comments_off: () => AppError.forbidden(THREAD_MESSAGES.commentsOff),
  not_author: () => AppError.forbidden(THREAD_MESSAGES.notAuthor),
  settled: () => AppError.nonField(THREAD_MESSAGES.settled),
};

/** Throws the error of the first rule of shared/thread-abilities.ts the action breaks. */
export function authorizeThreadAction(
  ctx: AbilityContext,
  action: ThreadAction,
  thread?: ThreadFacts,
  comment?: CommentFacts,
): void {
  const why = threadRefusal(ctx, action, thread, comment);
  if (why) throw REFUSED[why]();
}
