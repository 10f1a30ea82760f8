import { awaitsCountersignature, isClosed } from './nda-lifecycle.js';

/**
 * The negotiation state machine of a comment thread (spec 2, section 4). Two sides negotiate: the
 * sender (the project's company) and the recipient (the group's signers). Pure: the server enforces
 * it, the client shows the Approve and Reject buttons by it.
 */
export const NEGOTIATION_STATUSES = [
  'unresolved',
  'approved_by_sender_waiting_recipient',
  'approved_by_recipient_waiting_sender',
  'approved_by_both_parties',
  'rejected_by_sender_waiting_recipient',
  'rejected_by_recipient_waiting_for_sender',
  'rejected_by_both_parties',
] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];
export type Side = 'sender' | 'recipient';
export type Move = 'approve' | 'reject';

/** Whose answer a status waits for; null when either side may move. */
export function waitingOn(status: NegotiationStatus): Side | null {
  if (status === 'approved_by_sender_waiting_recipient' || status === 'rejected_by_sender_waiting_recipient')
    return 'recipient';
  if (status === 'approved_by_recipient_waiting_sender' || status === 'rejected_by_recipient_waiting_for_sender')
    return 'sender';
  return null;
}

const NEXT: Record<NegotiationStatus, Partial<Record<`${Side}:${Move}`, NegotiationStatus>>> = {
  unresolved: {
    'sender:approve': 'approved_by_sender_waiting_recipient',
    'sender:reject': 'rejected_by_sender_waiting_recipient',
    'recipient:approve': 'approved_by_recipient_waiting_sender',
    'recipient:reject': 'rejected_by_recipient_waiting_for_sender',
  },
  approved_by_sender_waiting_recipient: {
    'recipient:approve': 'approved_by_both_parties',
    'recipient:reject': 'rejected_by_recipient_waiting_for_sender',
  },
  approved_by_recipient_waiting_sender: {
    'sender:approve': 'approved_by_both_parties',
    'sender:reject': 'rejected_by_sender_waiting_recipient',
  },
  rejected_by_sender_waiting_recipient: {
    'recipient:reject': 'rejected_by_both_parties',
    'recipient:approve': 'approved_by_recipient_waiting_sender',
  },
  rejected_by_recipient_waiting_for_sender: {
    'sender:reject': 'rejected_by_both_parties',
    'sender:approve': 'approved_by_sender_waiting_recipient',
  },
  // Agreement is final.
  approved_by_both_parties: {},
  // A rejection by both can be reopened by an approval from either side.
  rejected_by_both_parties: {
    'sender:approve': 'approved_by_sender_waiting_recipient',
    'recipient:approve': 'approved_by_recipient_waiting_sender',
  },
};

export interface NegotiationContext {
  status: NegotiationStatus;
  side: Side;
  /** The acting user wrote the thread. */
  isAuthor: boolean;
  /** The user holds add_negotiation. */
  canAddNegotiation: boolean;
  nda: { isRecalled: boolean; isSigned: boolean; recipientSignedAt?: Date | string | null };
  /** A signer of the group passed on the opportunity: the negotiation is closed. */
  passed: boolean;
}

export type Refusal =
  'nda_closed' | 'passed' | 'no_permission' | 'own_thread' | 'agreed' | 'not_your_turn' | 'no_change';

/** Said when a signer of the group has passed on the opportunity: nothing more is negotiated. */
export const PASSED_MESSAGE = 'The recipient has passed on this opportunity: the negotiation is closed.';

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  nda_closed: 'The NDA is recalled or signed: its threads can no longer be negotiated.',
  passed: PASSED_MESSAGE,
  no_permission: 'You do not have permission to negotiate this thread.',
  own_thread: 'The other party answers a thread first; you cannot approve or reject your own thread before they do.',
  agreed: 'This thread has been approved by both parties.',
  not_your_turn: 'This thread is waiting for the other party.',
  no_change: 'This thread is already in that state.',
};

/**
 * Why a move is refused, or null when it is allowed. The spec keeps a thread's author from approving
 * or rejecting it; taken literally that deadlocks a side of one person (nobody else can answer for
 * them), so the author may not make the FIRST move on their own thread but may answer once the
 * other side has moved. Once wording is proposed, "the author" is whoever proposed the wording that
 * stands (the other side answers a counter-proposal first).
 */
export function refusal(ctx: NegotiationContext, move?: Move): Refusal | null {
  if (isClosed(ctx.nda) || awaitsCountersignature(ctx.nda)) return 'nda_closed';
  if (ctx.passed) return 'passed';
  if (!ctx.canAddNegotiation) return 'no_permission';
  if (ctx.status === 'approved_by_both_parties') return 'agreed';
  if (ctx.isAuthor && ctx.status === 'unresolved') return 'own_thread';
  const waiting = waitingOn(ctx.status);
  if (waiting && waiting !== ctx.side) return 'not_your_turn';
  if (move && !NEXT[ctx.status][`${ctx.side}:${move}`]) return 'no_change';
  return null;
}

/** Approve and Reject buttons show when some move is allowed. */
export function canNegotiate(ctx: NegotiationContext): boolean {
  return refusal(ctx) === null;
}

export function canMove(ctx: NegotiationContext, move: Move): boolean {
  return refusal(ctx, move) === null;
}

/** The status after a move; throws when the move is refused (callers check refusal() first). */
export function nextStatus(ctx: NegotiationContext, move: Move): NegotiationStatus {
  const why = refusal(ctx, move);
  if (why) throw new Error(REFUSAL_MESSAGES[why]);
  return NEXT[ctx.status][`${ctx.side}:${move}`]!;
}

/** Comments on a thread can be edited or deleted only while it is not settled by both parties. */
/** The statuses that end a thread's negotiation: both sides approved, or both rejected. */
export const SETTLED_STATUSES = [
  'approved_by_both_parties',
  'rejected_by_both_parties',
] as const satisfies readonly NegotiationStatus[];

export function isSettled(status: NegotiationStatus): boolean {
  return (SETTLED_STATUSES as readonly NegotiationStatus[]).includes(status);
}

/**
 * A proposal (new wording, on opening a thread or in a reply) is refused on an agreed thread: agreement
 * is final. Otherwise both sides approve (or reject) the wording that now stands, so any earlier move,
 * one side's approval included, no longer counts: the thread goes back to `unresolved`.
 */
export function proposalRefusal(status: NegotiationStatus): 'agreed' | null {
  return status === 'approved_by_both_parties' ? 'agreed' : null;
}

export const PROPOSAL_MESSAGES = {
  agreed: 'This thread has been approved by both parties: its wording can no longer change.',
} as const;

/** The status after a new proposal; throws on an agreed thread (callers check proposalRefusal() first). */
export function statusAfterProposal(status: NegotiationStatus): NegotiationStatus {
  const why = proposalRefusal(status);
  if (why) throw new Error(PROPOSAL_MESSAGES[why]);
  return 'unresolved';
}

/** Signing needs every thread settled: approved by both or rejected by both. */
export function openThreads<T extends { negotiationStatus: string }>(threads: readonly T[]): T[] {
  return threads.filter((t) => !isSettled(t.negotiationStatus as NegotiationStatus));
}

/**
 * How each status reads, on the page and in the signed PDF: plain words, never the stored code. An
 * open status says who has moved and whose answer it needs.
 */
export const STATUS_LABELS: Record<NegotiationStatus, string> = {
  unresolved: 'Open',
  approved_by_sender_waiting_recipient: 'Approved by sender · recipient to answer',
  approved_by_recipient_waiting_sender: 'Approved by recipient · sender to answer',
  approved_by_both_parties: 'Agreed by both parties',
  rejected_by_sender_waiting_recipient: 'Rejected by sender · recipient to answer',
  rejected_by_recipient_waiting_for_sender: 'Rejected by recipient · sender to answer',
  rejected_by_both_parties: 'Rejected by both parties',
};

/**
 * What a thread both parties rejected leaves: no change. Said on its card, in the signed PDF's
 * schedule and in its certificate, so a rejection never reads as one side refusing the other.
 */
export const ORIGINAL_TEXT_STANDS = "The document's original text stands.";

/** A thread's final status as the certificate states it: a rejection by both says what stands. */
export function settledStatusText(status: string): string {
  const label = statusLabel(status);
  return status === 'rejected_by_both_parties' ? `${label}. ${ORIGINAL_TEXT_STANDS}` : label;
}

/** The label of a stored status; anything unknown reads as open rather than as a code. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as NegotiationStatus] ?? STATUS_LABELS.unresolved;
}
