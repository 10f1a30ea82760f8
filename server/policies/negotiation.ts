import { type Expression, expressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { PASSED_MESSAGE, type Side } from '@shared/negotiation.js';
import { permissionsForRole, roleFlags } from '@shared/permissions.js';
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
import { type ProjectAccess, senderAccess } from './project.js';

/** What the negotiation rules read of an NDA, its project and its group, and how the actor takes part. */
export interface Participation {
  nda: Pick<NdaRow, 'id' | 'isSent' | 'isRecalled' | 'isSigned' | 'recipientSignedAt' | 'pageCount'>;
  branch: Pick<ProjectBranchRow, 'id' | 'allowComments'>;
  project: Pick<ProjectRow, 'id' | 'companyId' | 'ownerId'>;
  access: ProjectAccess;
  /** The sender side is the project's company; the recipient side is the group's signers. */
  side: Side;
  /** A signer of the group passed on the opportunity: the negotiation is closed. */
  passed: boolean;
}

/** A participation read with the NDA's row locked, so its state can be read again as it now stands. */
export type LockedParticipation = Participation & { readonly locked: true };

/** A group's id, as a value or as a column of the query it is used in. */
type BranchOperand = number | Expression<number | null>;

/** Whether some signership of the group meets `narrow`, as a column. */
function someSignershipColumn(
  branch: BranchOperand,
  narrow: (
    q: SelectQueryBuilder<Database, 'signerships', { id: number }>,
  ) => SelectQueryBuilder<Database, 'signerships', { id: number }>,
) {
  const eb = expressionBuilder<Database, never>();
  const signerships = eb
    .selectFrom('signerships')
    .select('signerships.id')
    .where('signerships.projectBranchId', '=', branch);
  return eb.exists(narrow(signerships)).$castTo<boolean>();
}

/** Whether some signer of the group passed on the opportunity (turned it down: `rejectedAt`), as a column. */
export function groupPassedColumn(branch: BranchOperand) {
  return someSignershipColumn(branch, (q) => q.where('signerships.rejectedAt', 'is not', null));
}

/** Whether the user is one of the group's recipients, as a column. */
export function groupSignerColumn(branch: BranchOperand, userId: number) {
  return someSignershipColumn(branch, (q) => q.where('signerships.userId', '=', userId));
}

/** An NDA's state as a change must see it: recalled, signed, passed on. */
export interface NegotiationState {
  isRecalled: boolean;
  isSigned: boolean;
  /** Signed by the bidder, awaiting countersignature: the negotiation is over. */
  recipientSignedAt: Date | null;
  passed: boolean;
}

/**
 * The NDA's state read again once its row lock is held (by `authorizeParticipant` with a lock, or
 * `lockThread`): a signature, a recall or a pass (each locks the NDA row) that committed while the
 * lock was awaited is seen here, since every statement reads what had committed when it began.
 */
export async function negotiationState(db: Kysely<Database>, p: LockedParticipation): Promise<NegotiationState> {
  const row = await db
    .selectFrom('ndas')
    .select(['isRecalled', 'isSigned', 'recipientSignedAt'])
    .select((eb) => groupPassedColumn(eb.ref('ndas.projectBranchId')).as('passed'))
    .where('id', '=', p.nda.id)
    .executeTakeFirstOrThrow();
  return {
    isRecalled: row.isRecalled,
    isSigned: row.isSigned,
    recipientSignedAt: row.recipientSignedAt,
    passed: row.passed,
  };
}

/**
 * The facts that decide how the actor takes part in an NDA's negotiation, as columns of one statement
 * over `ndas` with its project and group (a thread can be joined to it: no column name is a thread's).
 */
export function participationFacts(db: Kysely<Database>, actor: Actor) {
  const userId = actor.user.id;
  return db
    .selectFrom('ndas')
    .innerJoin('projects', 'projects.id', 'ndas.projectId')
    .innerJoin('projectBranches', 'projectBranches.id', 'ndas.projectBranchId')
    .select([
      'ndas.id as nda',
      'ndas.isSent',
      'ndas.isRecalled',
      'ndas.isSigned',
      'ndas.recipientSignedAt',
      'ndas.pageCount',
      'projects.id as project',
      'projects.companyId as projectCompanyId',
      'projects.ownerId as projectOwnerId',
      'projectBranches.id as branch',
      'projectBranches.allowComments',
    ])
    .select((eb) => [
      groupPassedColumn(eb.ref('ndas.projectBranchId')).as('passed'),
      groupSignerColumn(eb.ref('ndas.projectBranchId'), userId).as('isSigner'),
      eb
        .exists(
          eb
            .selectFrom('projectMembers')
            .select('projectMembers.userId')
            .whereRef('projectMembers.projectId', '=', 'ndas.projectId')
            .where('projectMembers.userId', '=', userId),
        )
        .$castTo<boolean>()
        .as('isMember'),
    ]);
}

export type ParticipationFacts = Awaited<ReturnType<ReturnType<typeof participationFacts>['executeTakeFirstOrThrow']>>;

/**
 * Who takes part in the negotiation of a group's NDA: the project's owner and managers (sender side),
 * and the group's signers once the NDA has been sent (recipient side). Anyone else: 404.
 */
export function participationOf(actor: Actor, f: ParticipationFacts | undefined): Participation {
  if (!f) throw AppError.notFound();
  const project = { id: f.project, companyId: f.projectCompanyId, ownerId: f.projectOwnerId };
  const sender = senderAccess(actor, project, f.isMember);
  const access = sender ?? (f.isSent && f.isSigner ? 'signer' : null);
  if (!access) throw AppError.notFound();
  return {
    nda: {
      id: f.nda,
      isSent: f.isSent,
      isRecalled: f.isRecalled,
      isSigned: f.isSigned,
      recipientSignedAt: f.recipientSignedAt,
      pageCount: f.pageCount,
    },
    branch: { id: f.branch, allowComments: f.allowComments },
    project,
    access,
    side: sideOf(access),
    passed: f.passed,
  };
}

/**
 * Reads how the actor takes part in an NDA's negotiation, in one statement; with `lock`, the NDA's
 * row is locked too (`share` for a change within the negotiation, `update` for one that must not
 * run beside another), so `negotiationState` then reads it as it stands.
 */
export async function authorizeParticipant(db: Kysely<Database>, actor: Actor, ndaId: number): Promise<Participation>;
export async function authorizeParticipant(
  db: Kysely<Database>,
  actor: Actor,
  ndaId: number,
  lock: 'share' | 'update',
): Promise<LockedParticipation>;
export async function authorizeParticipant(
  db: Kysely<Database>,
  actor: Actor,
  ndaId: number,
  lock?: 'share' | 'update',
): Promise<Participation | LockedParticipation> {
  const q = participationFacts(db, actor).where('ndas.id', '=', ndaId);
  const locked = lock === 'update' ? q.forUpdate(['ndas']) : lock === 'share' ? q.forShare(['ndas']) : q;
  const p = participationOf(actor, await locked.executeTakeFirst());
  return lock ? { ...p, locked: true } : p;
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
  state: Pick<NdaRow, 'isRecalled' | 'isSigned' | 'recipientSignedAt'> & { passed?: boolean } = p.nda,
): AbilityContext {
  return {
    actor: { userId: actor.user.id, access: p.access, flags: roleFlags(actor.user.role) },
    project: { creatorId: p.project.ownerId },
    group: { allowComments: p.branch.allowComments, passed: state.passed ?? p.passed },
    nda: { isRecalled: state.isRecalled, isSigned: state.isSigned, recipientSignedAt: state.recipientSignedAt },
  };
}

const REFUSED: Record<ThreadRefusal, () => AppError> = {
  no_permission: () => AppError.forbidden(),
  nda_closed: () => AppError.nonField('nda_closed', THREAD_MESSAGES.closed),
  passed: () => AppError.nonField('opportunity_passed', THREAD_MESSAGES.passed),
  comments_off: () => AppError.forbidden('comments_off', THREAD_MESSAGES.commentsOff),
  not_author: () => AppError.forbidden('not_author', THREAD_MESSAGES.notAuthor),
  settled: () => AppError.nonField('thread_settled', THREAD_MESSAGES.settled),
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

/**
 * A thread's internal notes belong to the project's sending team: a recipient of the group, like
 * anyone else, gets 404 (as if the thread had none). Answers the thread's NDA and project.
 */
export async function authorizeThreadNotes(
  db: Kysely<Database>,
  actor: Actor,
  threadId: number,
): Promise<{ threadId: number; participation: Participation }> {
  const row = await participationFacts(db, actor)
    .innerJoin('commentThreads', 'commentThreads.ndaId', 'ndas.id')
    .where('commentThreads.id', '=', threadId)
    .executeTakeFirst();
  const participation = participationOf(actor, row);
  if (participation.side !== 'sender') throw AppError.notFound();
  return { threadId, participation };
}

/** The notes of a whole NDA: its sending team only, 404 to anyone else. */
export async function authorizeNdaNotes(db: Kysely<Database>, actor: Actor, ndaId: number): Promise<Participation> {
  const participation = await authorizeParticipant(db, actor, ndaId);
  if (participation.side !== 'sender') throw AppError.notFound();
  return participation;
}

/**
 * Who releases or discards a proposal held for internal approval: the company's owner, the project's
 * owner, and the project members given the approve permission.
 */
export async function isApprover(
  db: Kysely<Database>,
  actor: Actor,
  project: Pick<ProjectRow, 'id' | 'ownerId'>,
): Promise<boolean> {
  if (actor.user.role === 'owner' || actor.user.id === project.ownerId) return true;
  const member = await db
    .selectFrom('projectMembers')
    .select('canApprove')
    .where('projectId', '=', project.id)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  return member?.canApprove === true;
}

/** A held proposal's thread, for its sending team: 404 to anyone else; 403 to a member who may not approve. */
export async function authorizeHeldProposal(
  db: Kysely<Database>,
  actor: Actor,
  heldId: number,
  action: 'view' | 'approve',
): Promise<{ threadId: number; participation: Participation }> {
  const held = await db
    .selectFrom('heldProposals')
    .select('commentThreadId')
    .where('id', '=', heldId)
    .executeTakeFirst();
  if (!held) throw AppError.notFound();
  const found = await authorizeThreadNotes(db, actor, held.commentThreadId);
  if (action === 'approve' && !(await isApprover(db, actor, found.participation.project))) throw AppError.forbidden();
  return found;
}

/**
 * Who brings a Word mark-up into a group's NDA (preview and import): the bidder, a signer of the group
 * once the NDA is sent, in their own name; or the project's team, on the bidder's behalf (`onBehalf`),
 * which every imported thread then says. Anyone else took no part and got 404 from `authorizeParticipant`.
 * Creating the threads also needs the `openThread` ability, checked under the NDA's lock.
 */
export function redlineImporter(p: Participation): { onBehalf: boolean } {
  return { onBehalf: p.side === 'sender' };
}
