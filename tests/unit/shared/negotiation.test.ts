import { describe, expect, it } from 'vitest';
import {
  canMove,
  canNegotiate,
  isSettled,
  type Move,
  NEGOTIATION_STATUSES,
  type NegotiationContext,
  type NegotiationStatus,
  nextStatus,
  openThreads,
  PROPOSAL_MESSAGES,
  proposalRefusal,
  type Refusal,
  REFUSAL_MESSAGES,
  refusal,
  type Side,
  statusAfterProposal,
  statusLabel,
  STATUS_LABELS,
  waitingOn,
} from '@shared/negotiation.js';

/*
 * shared/negotiation.ts against an oracle written here from the spec (section 4, "Thread negotiation
 * statuses") and the module's documented decisions: every status x side x move x author/not-author x
 * NDA recalled x NDA signed x passed on x canAddNegotiation (7 * 2 * 2 * 2 * 2 * 2 * 2 * 2 = 896 cases).
 */

const SIDES: Side[] = ['sender', 'recipient'];
const MOVES: Move[] = ['approve', 'reject'];
const BOOLS = [false, true];

/** The spec's seven statuses (the reading 'rejected_by_recipient_waiting_for_sender' is the one used). */
const SPEC_STATUSES = [
  'unresolved',
  'approved_by_sender_waiting_recipient',
  'approved_by_recipient_waiting_sender',
  'approved_by_both_parties',
  'rejected_by_sender_waiting_recipient',
  'rejected_by_recipient_waiting_for_sender',
  'rejected_by_both_parties',
] as const;

/** Whose answer each status waits for. */
const WAITING: Record<NegotiationStatus, Side | null> = {
  unresolved: null,
  approved_by_sender_waiting_recipient: 'recipient',
  approved_by_recipient_waiting_sender: 'sender',
  approved_by_both_parties: null,
  rejected_by_sender_waiting_recipient: 'recipient',
  rejected_by_recipient_waiting_for_sender: 'sender',
  rejected_by_both_parties: null,
};

const SETTLED: Record<NegotiationStatus, boolean> = {
  unresolved: false,
  approved_by_sender_waiting_recipient: false,
  approved_by_recipient_waiting_sender: false,
  approved_by_both_parties: true,
  rejected_by_sender_waiting_recipient: false,
  rejected_by_recipient_waiting_for_sender: false,
  rejected_by_both_parties: true,
};

/** Every allowed transition: from, who, what, to. Anything not listed is refused. */
const TRANSITIONS: Array<[NegotiationStatus, Side, Move, NegotiationStatus]> = [
  ['unresolved', 'sender', 'approve', 'approved_by_sender_waiting_recipient'],
  ['unresolved', 'sender', 'reject', 'rejected_by_sender_waiting_recipient'],
  ['unresolved', 'recipient', 'approve', 'approved_by_recipient_waiting_sender'],
  ['unresolved', 'recipient', 'reject', 'rejected_by_recipient_waiting_for_sender'],
  ['approved_by_sender_waiting_recipient', 'recipient', 'approve', 'approved_by_both_parties'],
  ['approved_by_sender_waiting_recipient', 'recipient', 'reject', 'rejected_by_recipient_waiting_for_sender'],
  ['approved_by_recipient_waiting_sender', 'sender', 'approve', 'approved_by_both_parties'],
  ['approved_by_recipient_waiting_sender', 'sender', 'reject', 'rejected_by_sender_waiting_recipient'],
  ['rejected_by_sender_waiting_recipient', 'recipient', 'reject', 'rejected_by_both_parties'],
  ['rejected_by_sender_waiting_recipient', 'recipient', 'approve', 'approved_by_recipient_waiting_sender'],
  ['rejected_by_recipient_waiting_for_sender', 'sender', 'reject', 'rejected_by_both_parties'],
  ['rejected_by_recipient_waiting_for_sender', 'sender', 'approve', 'approved_by_sender_waiting_recipient'],
  // A rejection by both can be reopened by an approval from either side; agreement is final.
  ['rejected_by_both_parties', 'sender', 'approve', 'approved_by_sender_waiting_recipient'],
  ['rejected_by_both_parties', 'recipient', 'approve', 'approved_by_recipient_waiting_sender'],
];

function transition(status: NegotiationStatus, side: Side, move: Move): NegotiationStatus | null {
  return TRANSITIONS.find(([f, s, m]) => f === status && s === side && m === move)?.[3] ?? null;
}

/**
 * The oracle, in the order the module documents: a closed NDA, then a pass on the opportunity, then the permission, then agreement,
 * then the author's first move, then the turn, then a move that changes nothing.
 */
function oracle(ctx: NegotiationContext, move?: Move): Refusal | null {
  if (ctx.nda.isRecalled || ctx.nda.isSigned) return 'nda_closed';
  if (ctx.passed) return 'passed';
  if (!ctx.canAddNegotiation) return 'no_permission';
  if (ctx.status === 'approved_by_both_parties') return 'agreed';
  if (ctx.isAuthor && ctx.status === 'unresolved') return 'own_thread';
  const waiting = WAITING[ctx.status];
  if (waiting && waiting !== ctx.side) return 'not_your_turn';
  if (move && !transition(ctx.status, ctx.side, move)) return 'no_change';
  return null;
}

interface Case {
  label: string;
  ctx: NegotiationContext;
  move: Move;
}

const CASES: Case[] = [];
for (const status of NEGOTIATION_STATUSES)
  for (const side of SIDES)
    for (const move of MOVES)
      for (const isAuthor of BOOLS)
        for (const isRecalled of BOOLS)
          for (const isSigned of BOOLS)
            for (const passed of BOOLS)
              for (const canAddNegotiation of BOOLS)
                CASES.push({
                  label: `${status} | ${side} ${move} | ${isAuthor ? 'author' : 'not author'} | ${isRecalled ? 'recalled' : 'not recalled'} | ${isSigned ? 'signed' : 'not signed'} | ${passed ? 'passed on' : 'not passed on'} | ${canAddNegotiation ? 'may negotiate' : 'no add_negotiation'}`,
                  ctx: { status, side, isAuthor, canAddNegotiation, nda: { isRecalled, isSigned }, passed },
                  move,
                });

describe('the statuses', () => {
  it("are the spec's seven, in its order", () => {
    expect([...NEGOTIATION_STATUSES]).toEqual([...SPEC_STATUSES]);
  });

  it.each(SPEC_STATUSES.map((s) => [s, WAITING[s]] as const))('waitingOn(%s) is %s', (status, side) => {
    expect(waitingOn(status)).toBe(side);
  });

  it.each(SPEC_STATUSES.map((s) => [s, SETTLED[s]] as const))('isSettled(%s) is %s', (status, settled) => {
    expect(isSettled(status)).toBe(settled);
  });

  it('has a message for every refusal', () => {
    const reasons: Refusal[] = [
      'nda_closed',
      'passed',
      'no_permission',
      'own_thread',
      'agreed',
      'not_your_turn',
      'no_change',
    ];
    expect(Object.keys(REFUSAL_MESSAGES).sort()).toEqual([...reasons].sort());
    for (const r of reasons) expect(REFUSAL_MESSAGES[r]).toMatch(/\S/);
  });
});

describe(`every context and move (${CASES.length} cases)`, () => {
  it('covers the whole product of the dimensions', () => {
    expect(CASES).toHaveLength(7 * 2 * 2 * 2 * 2 * 2 * 2 * 2);
    expect(new Set(CASES.map((c) => c.label)).size).toBe(CASES.length);
  });

  it.each(CASES)('$label', ({ ctx, move }) => {
    const why = oracle(ctx, move);
    expect(refusal(ctx, move)).toBe(why);
    expect(canMove(ctx, move)).toBe(why === null);
    // Without a move: whether the Approve and Reject buttons show at all.
    expect(refusal(ctx)).toBe(oracle(ctx));
    expect(canNegotiate(ctx)).toBe(oracle(ctx) === null);
    if (why === null) {
      const to = transition(ctx.status, ctx.side, move);
      expect(to).not.toBeNull();
      expect(nextStatus(ctx, move)).toBe(to);
    } else {
      expect(() => nextStatus(ctx, move)).toThrow(REFUSAL_MESSAGES[why]);
    }
  });

  it('reaches every refusal reason and every listed transition', () => {
    const reasons = new Set(CASES.map((c) => refusal(c.ctx, c.move)));
    expect(reasons).toEqual(
      new Set(['agreed', 'nda_closed', 'passed', 'no_change', 'no_permission', 'not_your_turn', 'own_thread', null]),
    );
    const taken = new Set(
      CASES.filter((c) => canMove(c.ctx, c.move)).map((c) => `${c.ctx.status}|${c.ctx.side}|${c.move}`),
    );
    expect(taken).toEqual(new Set(TRANSITIONS.map(([f, s, m]) => `${f}|${s}|${m}`)));
  });
});

describe('properties of the machine', () => {
  const open = { isRecalled: false, isSigned: false };
  const ctxOf = (status: NegotiationStatus, side: Side, isAuthor = false): NegotiationContext => ({
    status,
    side,
    isAuthor,
    canAddNegotiation: true,
    nda: open,
    passed: false,
  });

  it('shows the buttons exactly when at least one move is allowed', () => {
    for (const c of CASES) expect(canNegotiate(c.ctx)).toBe(MOVES.some((m) => canMove(c.ctx, m)));
  });

  it('never allows a move that leaves the status unchanged', () => {
    for (const [from, , , to] of TRANSITIONS) expect(to).not.toBe(from);
  });

  it('after a move, waits on the other side or on nobody', () => {
    for (const [, side, , to] of TRANSITIONS)
      expect([null, side === 'sender' ? 'recipient' : 'sender']).toContain(waitingOn(to));
  });

  it('keeps agreement final for everyone', () => {
    for (const c of CASES.filter((x) => x.ctx.status === 'approved_by_both_parties'))
      expect(canMove(c.ctx, c.move)).toBe(false);
  });

  it('lets a rejection by both be reopened by an approval, not by another rejection', () => {
    for (const side of SIDES) {
      expect(nextStatus(ctxOf('rejected_by_both_parties', side), 'approve')).toBe(
        side === 'sender' ? 'approved_by_sender_waiting_recipient' : 'approved_by_recipient_waiting_sender',
      );
      expect(refusal(ctxOf('rejected_by_both_parties', side), 'reject')).toBe('no_change');
      // The author is held back only on the first move.
      expect(canMove(ctxOf('rejected_by_both_parties', side, true), 'approve')).toBe(true);
    }
  });

  it("lets an author answer once the other side has moved, so a side of one person can't deadlock", () => {
    // The signer wrote the thread; the sender approves first; the signer (the only recipient) answers.
    expect(refusal(ctxOf('unresolved', 'recipient', true), 'approve')).toBe('own_thread');
    const afterSender = nextStatus(ctxOf('unresolved', 'sender'), 'approve');
    expect(nextStatus(ctxOf(afterSender, 'recipient', true), 'approve')).toBe('approved_by_both_parties');
  });

  it('reaches agreement from every status that is not final, by both sides taking turns', () => {
    for (const start of NEGOTIATION_STATUSES.filter((s) => s !== 'approved_by_both_parties')) {
      let status: NegotiationStatus = start;
      for (let i = 0; i < 3 && status !== 'approved_by_both_parties'; i++) {
        const side = waitingOn(status) ?? 'sender';
        status = nextStatus(ctxOf(status, side), 'approve');
      }
      expect(status, `from ${start}`).toBe('approved_by_both_parties');
    }
  });

  it('replays random sequences of moves without ever reaching a status outside the machine', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      let status: NegotiationStatus = 'unresolved';
      for (let step = 0; step < 12; step++) {
        const ctx = ctxOf(status, SIDES[Math.floor(random() * 2)]!, random() < 0.3);
        const move = MOVES[Math.floor(random() * 2)]!;
        const why = refusal(ctx, move);
        if (why) {
          expect(['agreed', 'own_thread', 'not_your_turn', 'no_change']).toContain(why);
          continue;
        }
        const to = nextStatus(ctx, move);
        expect(to).toBe(transition(status, ctx.side, move));
        status = to;
      }
      expect(NEGOTIATION_STATUSES).toContain(status);
    }
  });
});

describe('proposed wording', () => {
  const open = { isRecalled: false, isSigned: false };
  const ctxOf = (status: NegotiationStatus, side: Side, isAuthor = false): NegotiationContext => ({
    status,
    side,
    isAuthor,
    canAddNegotiation: true,
    nda: open,
    passed: false,
  });

  it.each(NEGOTIATION_STATUSES.map((s) => [s] as const))('a new proposal on %s', (status) => {
    if (status === 'approved_by_both_parties') {
      // Agreement is final: its wording does not change.
      expect(proposalRefusal(status)).toBe('agreed');
      expect(() => statusAfterProposal(status)).toThrow(PROPOSAL_MESSAGES.agreed);
    } else {
      // Any earlier move was on other wording: both sides answer the wording that now stands.
      expect(proposalRefusal(status)).toBeNull();
      expect(statusAfterProposal(status)).toBe('unresolved');
    }
  });

  it("resets a one-sided approval, whichever side approved, so the other side's approval cannot settle it", () => {
    for (const approver of SIDES) {
      const other: Side = approver === 'sender' ? 'recipient' : 'sender';
      const approved = nextStatus(ctxOf('unresolved', approver), 'approve');
      expect(waitingOn(approved)).toBe(other);
      // Without a proposal the other side's approval would agree the thread...
      expect(nextStatus(ctxOf(approved, other), 'approve')).toBe('approved_by_both_parties');
      // ...but a counter-proposal (by either side) puts it back to unresolved.
      const reset = statusAfterProposal(approved);
      expect(reset).toBe('unresolved');
      expect(isSettled(reset)).toBe(false);
      // The proposer may not make the first move on their own wording; the other side answers it.
      expect(refusal(ctxOf(reset, other, true), 'approve')).toBe('own_thread');
      const answered = nextStatus(ctxOf(reset, approver), 'approve');
      expect(nextStatus(ctxOf(answered, other, true), 'approve')).toBe('approved_by_both_parties');
    }
  });

  it('reopens a one-sided or two-sided rejection as well', () => {
    for (const status of [
      'rejected_by_sender_waiting_recipient',
      'rejected_by_recipient_waiting_for_sender',
      'rejected_by_both_parties',
    ] as const)
      expect(statusAfterProposal(status)).toBe('unresolved');
  });

  it('counts as open every thread that is not settled by both', () => {
    const threads = NEGOTIATION_STATUSES.map((negotiationStatus, id) => ({ id, negotiationStatus }));
    expect(openThreads(threads).map((t) => t.negotiationStatus)).toEqual(
      NEGOTIATION_STATUSES.filter((s) => !SETTLED[s]),
    );
  });
});

describe('status labels (the page and the signed PDF)', () => {
  it('words every status plainly: no code, no waiting, settled ones as agreed or rejected by both', () => {
    for (const status of NEGOTIATION_STATUSES) {
      const label = statusLabel(status);
      expect(label).toBe(STATUS_LABELS[status]);
      expect(label).not.toMatch(/_|waiting/i);
    }
    expect(statusLabel('approved_by_both_parties')).toBe('Agreed by both parties');
    expect(statusLabel('rejected_by_both_parties')).toBe('Rejected by both parties');
    expect(statusLabel('unresolved')).toBe('Open');
    expect(new Set(Object.values(STATUS_LABELS)).size).toBe(NEGOTIATION_STATUSES.length);
  });

  it('reads an unknown status as open rather than printing it', () => {
    expect(statusLabel('something_else')).toBe('Open');
  });
});
