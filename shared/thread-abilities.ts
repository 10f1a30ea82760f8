import { awaitsCountersignature, isClosed, type NdaState } from './nda-lifecycle.js';
import {
  canMove as canMoveBy,
  canNegotiate as canNegotiateBy,
  isSettled,
  type Move,
  type NegotiationContext,
  type NegotiationStatus,
  type Side,
} from './negotiation.js';
import { ownsProject, type ProjectAccess } from './project-access.js';

/**
 * What a participant may do with the comment threads of a group's NDA (spec 2, sections 4 and 6).
 * Pure: the server enforces it (policies/negotiation.ts turns a refusal into its error), the client
 * shows, hides or disables its controls by it.
 */

/** The permission flags from shared/permissions.ts (canAddComment, ...). */
export type PermissionFlags = Readonly<Record<string, boolean>>;

export interface AbilityContext {
  /** The acting user, their relation to the project (sender side: owner or manager; recipient side: signer) and flags. */
  actor: { userId: number; access: ProjectAccess; flags: PermissionFlags };
  project: { creatorId: number };
  /** `passed`: a signer of the group passed on the opportunity, which closes the negotiation. */
  group: { allowComments: boolean; passed: boolean };
  nda: Pick<NdaState, 'isRecalled' | 'isSigned' | 'recipientSignedAt'>;
}

export interface ThreadFacts {
  authorId: number | null;
  negotiationStatus: NegotiationStatus | string;
  /** The thread's proposals, oldest first (only their authors matter here); none when no wording was proposed. */
  proposals?: ReadonlyArray<{ authorId: number | null }>;
  /** Made from a Word mark-up, and for whom when the sending team brought it in for the bidder. */
  imported?: { onBehalfOf: string | null } | null;
}

export interface CommentFacts {
  authorId: number | null;
}

export type ThreadAction =
  | 'openThread'
  | 'reply'
  | 'editThread'
  | 'deleteThread'
  | 'editComment'
  | 'deleteComment'
  | 'addPointer'
  | 'deletePointer';

export type ThreadRefusal = 'no_permission' | 'nda_closed' | 'passed' | 'comments_off' | 'not_author' | 'settled';

type Check = 'closed' | 'commentsOff' | 'author' | 'settled';

/**
 * Each action: the flags it needs (spec 2, section 6), then its checks in the order they are reported.
 * "closed" also holds back every action once a signer of the group passed on the opportunity.
 * Opening, replying and adding a pointer need an open NDA and comments allowed for the group (or owning
 * the project); changing something needs its author, a thread not settled and an open NDA. Removing a
 * pointer is not held back by a settled thread or comments turned off, and a reply by neither.
 */
const RULES: Record<ThreadAction, { flags: string[]; checks: Check[] }> = {
  openThread: { flags: ['canAddPointer', 'canAddCommentthread', 'canAddComment'], checks: ['closed', 'commentsOff'] },
  reply: { flags: ['canAddComment'], checks: ['closed', 'commentsOff'] },
  editThread: { flags: ['canChangeCommentthread'], checks: ['author', 'settled', 'closed'] },
  deleteThread: { flags: ['canDeleteCommentthread'], checks: ['author', 'settled', 'closed'] },
  editComment: { flags: ['canChangeComment'], checks: ['author', 'settled', 'closed'] },
  deleteComment: { flags: ['canDeleteComment'], checks: ['author', 'settled', 'closed'] },
  addPointer: { flags: ['canAddPointer'], checks: ['closed', 'commentsOff', 'author'] },
  deletePointer: { flags: ['canDeletePointer'], checks: ['author', 'closed'] },
};

/** Every flag some thread action asks for. */
export const THREAD_ACTION_FLAGS: readonly string[] = [...new Set(Object.values(RULES).flatMap((r) => r.flags))];

/** The negotiating side: the group's signers are the recipient, the project's team the sender. */
export function sideOf(access: ProjectAccess): Side {
  return access === 'signer' ? 'recipient' : 'sender';
}

/** Comments allowed at all: an open NDA, and comments turned on for the group or the actor owning the project. */
export function commentingRefusal(ctx: AbilityContext): ThreadRefusal | null {
  if (isClosed(ctx.nda) || awaitsCountersignature(ctx.nda)) return 'nda_closed';
  if (ctx.group.passed) return 'passed';
  if (!ctx.group.allowComments && !ownsProject(ctx.actor.access, ctx.project, ctx.actor.userId)) return 'comments_off';
  return null;
}

/**
 * Why the actor may not do the action, or null when they may. The thread is needed for every action
 * but opening one and replying; the comment for editing or deleting a comment (its author decides).
 */
export function threadRefusal(
  ctx: AbilityContext,
  action: ThreadAction,
  thread?: ThreadFacts,
  comment?: CommentFacts,
): ThreadRefusal | null {
  const rule = RULES[action];
  if (!rule.flags.every((f) => ctx.actor.flags[f] === true)) return 'no_permission';
  for (const check of rule.checks) {
    if (check === 'closed' && (isClosed(ctx.nda) || awaitsCountersignature(ctx.nda))) return 'nda_closed';
    if (check === 'closed' && ctx.group.passed) return 'passed';
    if (check === 'commentsOff' && commentingRefusal(ctx) === 'comments_off') return 'comments_off';
    if (check === 'author') {
      const author = (action === 'editComment' || action === 'deleteComment' ? comment : thread)?.authorId;
      if (author !== ctx.actor.userId) return 'not_author';
    }
    if (check === 'settled' && (!thread || isSettled(thread.negotiationStatus as NegotiationStatus))) return 'settled';
  }
  return null;
}

export const canComment = (ctx: AbilityContext): boolean => commentingRefusal(ctx) === null;
/** The Comment button and the new-thread form. */
export const canOpenThread = (ctx: AbilityContext): boolean => threadRefusal(ctx, 'openThread') === null;
export const canReply = (ctx: AbilityContext): boolean => threadRefusal(ctx, 'reply') === null;
export const canEditThread = (ctx: AbilityContext, thread: ThreadFacts): boolean =>
  threadRefusal(ctx, 'editThread', thread) === null;
export const canDeleteThread = (ctx: AbilityContext, thread: ThreadFacts): boolean =>
  threadRefusal(ctx, 'deleteThread', thread) === null;
export const canEditComment = (ctx: AbilityContext, thread: ThreadFacts, comment: CommentFacts): boolean =>
  threadRefusal(ctx, 'editComment', thread, comment) === null;
export const canDeleteComment = (ctx: AbilityContext, thread: ThreadFacts, comment: CommentFacts): boolean =>
  threadRefusal(ctx, 'deleteComment', thread, comment) === null;
export const canAddPointer = (ctx: AbilityContext, thread: ThreadFacts): boolean =>
  threadRefusal(ctx, 'addPointer', thread) === null;
export const canDeletePointer = (ctx: AbilityContext, thread: ThreadFacts): boolean =>
  threadRefusal(ctx, 'deletePointer', thread) === null;

/**
 * Who put the standing wording on the table: the author of the latest proposal, else the thread's
 * author. Wording the sending team imported from the bidder's Word mark-up is the bidder's, not the
 * importer's, until someone proposes other wording: nobody is its author, so the adviser who imported
 * it may answer it first.
 */
export function wordingAuthorId(thread: ThreadFacts): number | null {
  const proposals = thread.proposals ?? [];
  if (thread.imported?.onBehalfOf && proposals.length <= 1) return null;
  const latest = proposals.at(-1);
  return latest ? latest.authorId : thread.authorId;
}

/**
 * The actor's move on a thread, for the state machine of shared/negotiation.ts. The one who proposed
 * the standing wording counts as its author: the other side answers a counter-proposal first.
 */
export function negotiationContext(ctx: AbilityContext, thread: ThreadFacts): NegotiationContext {
  return {
    status: thread.negotiationStatus as NegotiationStatus,
    side: sideOf(ctx.actor.access),
    isAuthor: wordingAuthorId(thread) === ctx.actor.userId,
    canAddNegotiation: ctx.actor.flags.canAddNegotiation === true,
    nda: ctx.nda,
    passed: ctx.group.passed,
  };
}

/** The Approve and Reject buttons show (the author may not make the first move: see shared/negotiation.ts). */
export const canNegotiate = (ctx: AbilityContext, thread: ThreadFacts): boolean =>
  canNegotiateBy(negotiationContext(ctx, thread));
export const canMakeMove = (ctx: AbilityContext, thread: ThreadFacts, move: Move): boolean =>
  canMoveBy(negotiationContext(ctx, thread), move);
