import { isClosed } from './nda-lifecycle.js';

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
  nda: { isRecalled: boolean; isSigned: boolean };
}

export type Refusal = 'nda_closed' | 'no_permission' | 'own_thread' | 'agreed' | 'not_your_turn' | 'no_change';

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  nda_closed: 'The NDA is recalled or signed: its threads can no longer be negotiated.',
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
 * other side has moved.
 */
export function refusal(ctx: NegotiationContext, move?: Move): Refusal | null {
  if (isClosed(ctx.nda)) return 'nda_closed';
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
export function isSettled(status: NegotiationStatus): boolean {
  return status === 'approved_by_both_parties' || status === 'rejected_by_both_parties';
}
