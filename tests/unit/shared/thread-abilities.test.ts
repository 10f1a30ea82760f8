import { describe, expect, it } from 'vitest';
import type { NdaState } from '@shared/nda-lifecycle.js';
import {
  canNegotiate as machineCanNegotiate,
  canMove as machineCanMove,
  type Move,
  NEGOTIATION_STATUSES,
  type NegotiationStatus,
} from '@shared/negotiation.js';
import { permissionFlags, permissionsForRole, type Role } from '@shared/permissions.js';
import { ownsProject, type ProjectAccess } from '@shared/project-access.js';
import {
  type AbilityContext,
  canAddPointer,
  canComment,
  canDeleteComment,
  canDeletePointer,
  canDeleteThread,
  canEditComment,
  canEditThread,
  canMakeMove,
  canNegotiate,
  canOpenThread,
  canReply,
  commentingRefusal,
  negotiationContext,
  sideOf,
  THREAD_ACTION_FLAGS,
  type ThreadAction,
  type ThreadFacts,
  type ThreadRefusal,
  threadRefusal,
  wordingAuthorId,
} from '@shared/thread-abilities.js';

/*
 * shared/thread-abilities.ts against an oracle written here from the spec (2, sections 4 and 6) and
 * the rules the server enforced before they were shared: every action x actor kind x lifecycle state
 * x negotiation status x author or not x comments allowed or not x permission flags.
 */

const ME = 10;
const SOMEONE_ELSE = 20;
const CREATOR = 30;

/** The actor kinds: the sender side (the company's owner, the project's creator, another manager) and a signer. */
const ACTORS: Array<{ kind: string; access: ProjectAccess; role: Role; userId: number }> = [
  { kind: 'company owner', access: 'owner', role: 'owner', userId: ME },
  { kind: 'company owner who created the project', access: 'owner', role: 'owner', userId: CREATOR },
  { kind: 'team member who created the project', access: 'manager', role: 'member', userId: CREATOR },
  { kind: 'team member on the project', access: 'manager', role: 'member', userId: ME },
  { kind: 'signer of the group', access: 'signer', role: 'signer', userId: ME },
];

/** Every combination of the lifecycle flags. */
const NDAS: NdaState[] = [false, true].flatMap((isSent) =>
  [false, true].flatMap((isRecalled) => [false, true].map((isSigned) => ({ isSent, isRecalled, isSigned }))),
);

const ACTIONS: ThreadAction[] = [
  'openThread',
  'reply',
  'editThread',
  'deleteThread',
  'editComment',
  'deleteComment',
  'addPointer',
  'deletePointer',
];

/** The permission flags each action needs (spec 2, section 6). */
const NEEDS: Record<ThreadAction, string[]> = {
  openThread: ['canAddPointer', 'canAddCommentthread', 'canAddComment'],
  reply: ['canAddComment'],
  editThread: ['canChangeCommentthread'],
  deleteThread: ['canDeleteCommentthread'],
  editComment: ['canChangeComment'],
  deleteComment: ['canDeleteComment'],
  addPointer: ['canAddPointer'],
  deletePointer: ['canDeletePointer'],
};

const SETTLED: NegotiationStatus[] = ['approved_by_both_parties', 'rejected_by_both_parties'];

interface Facts {
  ctx: AbilityContext;
  thread: ThreadFacts;
  comment: { authorId: number | null };
}

function oracle(action: ThreadAction, f: Facts): ThreadRefusal | null {
  const { ctx, thread, comment } = f;
  if (NEEDS[action].some((flag) => !ctx.actor.flags[flag])) return 'no_permission';
  // A pass on the opportunity closes the negotiation like a closed NDA, reported after it.
  const closed = ctx.nda.isRecalled || ctx.nda.isSigned ? 'nda_closed' : ctx.group.passed ? 'passed' : null;
  const owner = ctx.actor.access === 'owner' || ctx.actor.userId === ctx.project.creatorId;
  const commentsOff = !ctx.group.allowComments && !owner;
  const settled = SETTLED.includes(thread.negotiationStatus as NegotiationStatus);
  const authorOf = action === 'editComment' || action === 'deleteComment' ? comment.authorId : thread.authorId;
  const author = authorOf === ctx.actor.userId;
  switch (action) {
    // Comment at all: an open NDA, then comments allowed for the group or owning the project.
    case 'openThread':
    case 'reply':
      return closed ?? (commentsOff ? 'comments_off' : null);
    // Changes: the author, then a thread not settled by both, then an open NDA.
    case 'editThread':
    case 'deleteThread':
    case 'editComment':
    case 'deleteComment':
      return !author ? 'not_author' : settled ? 'settled' : closed;
    case 'addPointer':
      return closed ?? (commentsOff ? 'comments_off' : !author ? 'not_author' : null);
    case 'deletePointer':
      return !author ? 'not_author' : closed;
  }
}

const BOOLEANS: Record<ThreadAction, (f: Facts) => boolean> = {
  openThread: (f) => canOpenThread(f.ctx),
  reply: (f) => canReply(f.ctx),
  editThread: (f) => canEditThread(f.ctx, f.thread),
  deleteThread: (f) => canDeleteThread(f.ctx, f.thread),
  editComment: (f) => canEditComment(f.ctx, f.thread, f.comment),
  deleteComment: (f) => canDeleteComment(f.ctx, f.thread, f.comment),
  addPointer: (f) => canAddPointer(f.ctx, f.thread),
  deletePointer: (f) => canDeletePointer(f.ctx, f.thread),
};

/** The flags of the actor's role, or those with one flag the action needs taken away. */
function flagSets(role: Role, action: ThreadAction): Array<[string, Record<string, boolean>]> {
  const all = permissionFlags(permissionsForRole(role));
  return [
    ['all flags', all],
    ...NEEDS[action].map((flag): [string, Record<string, boolean>] => [`without ${flag}`, { ...all, [flag]: false }]),
  ];
}

function* facts(action: ThreadAction): Generator<[string, Facts]> {
  for (const a of ACTORS)
    for (const nda of NDAS)
      for (const allowComments of [true, false])
        for (const passed of [false, true])
          for (const negotiationStatus of NEGOTIATION_STATUSES)
            for (const threadAuthor of [a.userId, SOMEONE_ELSE, null])
              for (const commentAuthor of [a.userId, SOMEONE_ELSE])
                for (const [flagLabel, flags] of flagSets(a.role, action)) {
                  const ctx: AbilityContext = {
                    actor: { userId: a.userId, access: a.access, flags },
                    project: { creatorId: CREATOR },
                    group: { allowComments, passed },
                    nda,
                  };
                  const label = [
                    a.kind,
                    JSON.stringify(nda),
                    allowComments ? 'comments on' : 'comments off',
                    passed ? 'passed on' : 'not passed on',
                    negotiationStatus,
                    threadAuthor === a.userId ? 'own thread' : 'thread by another',
                    commentAuthor === a.userId ? 'own comment' : 'comment by another',
                    flagLabel,
                  ].join(' | ');
                  yield [
                    label,
                    {
                      ctx,
                      thread: { authorId: threadAuthor, negotiationStatus },
                      comment: { authorId: commentAuthor },
                    },
                  ];
                }
}

describe.each(ACTIONS)('%s', (action) => {
  it('answers as the oracle for every actor kind, lifecycle state, status, author, group and flags', () => {
    const reasons = new Set<ThreadRefusal | null>();
    let count = 0;
    for (const [label, f] of facts(action)) {
      const why = oracle(action, f);
      reasons.add(why);
      count++;
      expect(threadRefusal(f.ctx, action, f.thread, f.comment), label).toBe(why);
      expect(BOOLEANS[action](f), label).toBe(why === null);
    }
    expect(count).toBeGreaterThan(ACTORS.length * NDAS.length * 2 * 2 * 7 * 3 * 2);
    // Every rule of the action is reached at least once.
    const expected: Record<ThreadAction, Array<ThreadRefusal | null>> = {
      openThread: [null, 'no_permission', 'nda_closed', 'passed', 'comments_off'],
      reply: [null, 'no_permission', 'nda_closed', 'passed', 'comments_off'],
      editThread: [null, 'no_permission', 'nda_closed', 'passed', 'not_author', 'settled'],
      deleteThread: [null, 'no_permission', 'nda_closed', 'passed', 'not_author', 'settled'],
      editComment: [null, 'no_permission', 'nda_closed', 'passed', 'not_author', 'settled'],
      deleteComment: [null, 'no_permission', 'nda_closed', 'passed', 'not_author', 'settled'],
      addPointer: [null, 'no_permission', 'nda_closed', 'passed', 'comments_off', 'not_author'],
      deletePointer: [null, 'no_permission', 'nda_closed', 'passed', 'not_author'],
    };
    expect(reasons).toEqual(new Set(expected[action]));
  });
});

describe('commenting at all', () => {
  it('needs an open NDA, no pass on the opportunity and comments allowed for the group, or owning the project', () => {
    for (const a of ACTORS)
      for (const nda of NDAS)
        for (const allowComments of [true, false])
          for (const passed of [false, true]) {
            const ctx: AbilityContext = {
              actor: { userId: a.userId, access: a.access, flags: {} },
              project: { creatorId: CREATOR },
              group: { allowComments, passed },
              nda,
            };
            const closed = nda.isRecalled || nda.isSigned;
            const owns = a.access === 'owner' || a.userId === CREATOR;
            const why = closed ? 'nda_closed' : passed ? 'passed' : !allowComments && !owns ? 'comments_off' : null;
            expect(commentingRefusal(ctx), `${a.kind} ${JSON.stringify(nda)} ${allowComments} ${passed}`).toBe(why);
            expect(canComment(ctx)).toBe(why === null);
          }
  });
});

describe('owning the project', () => {
  it('is the company owner or the team member who created it, never another manager or a signer', () => {
    expect(ownsProject('owner', { creatorId: CREATOR }, ME)).toBe(true);
    expect(ownsProject('owner', { creatorId: CREATOR }, CREATOR)).toBe(true);
    expect(ownsProject('manager', { creatorId: CREATOR }, CREATOR)).toBe(true);
    expect(ownsProject('manager', { creatorId: CREATOR }, ME)).toBe(false);
    expect(ownsProject('signer', { creatorId: CREATOR }, ME)).toBe(false);
  });
});

describe('negotiating', () => {
  it('puts the project team on the sender side and the signers on the recipient side', () => {
    expect(sideOf('owner')).toBe('sender');
    expect(sideOf('manager')).toBe('sender');
    expect(sideOf('signer')).toBe('recipient');
  });

  it('asks the state machine of shared/negotiation.ts with the actor’s side, authorship and flag', () => {
    const moves: Move[] = ['approve', 'reject'];
    for (const a of ACTORS)
      for (const nda of NDAS)
        for (const negotiationStatus of NEGOTIATION_STATUSES)
          for (const authorId of [a.userId, SOMEONE_ELSE])
            for (const canAddNegotiation of [true, false]) {
              const passed = canAddNegotiation && authorId === SOMEONE_ELSE;
              const flags = { ...permissionFlags(permissionsForRole(a.role)), canAddNegotiation };
              const ctx: AbilityContext = {
                actor: { userId: a.userId, access: a.access, flags },
                project: { creatorId: CREATOR },
                group: { allowComments: false, passed },
                nda,
              };
              const thread = { authorId, negotiationStatus };
              const machine = {
                status: negotiationStatus,
                side: a.access === 'signer' ? ('recipient' as const) : ('sender' as const),
                isAuthor: authorId === a.userId,
                canAddNegotiation,
                nda,
                passed,
              };
              expect(negotiationContext(ctx, thread)).toEqual(machine);
              expect(canNegotiate(ctx, thread)).toBe(machineCanNegotiate(machine));
              for (const m of moves) expect(canMakeMove(ctx, thread, m)).toBe(machineCanMove(machine, m));
            }
  });

  it('keeps the author from making the first move on their own thread, but not from answering', () => {
    const ctx: AbilityContext = {
      actor: { userId: ME, access: 'signer', flags: permissionFlags(permissionsForRole('signer')) },
      project: { creatorId: CREATOR },
      group: { allowComments: true, passed: false },
      nda: { isRecalled: false, isSigned: false },
    };
    expect(canNegotiate(ctx, { authorId: ME, negotiationStatus: 'unresolved' })).toBe(false);
    expect(canNegotiate(ctx, { authorId: ME, negotiationStatus: 'approved_by_sender_waiting_recipient' })).toBe(true);
  });

  it('counts whoever proposed the standing wording as its author', () => {
    const ctx: AbilityContext = {
      actor: { userId: ME, access: 'signer', flags: permissionFlags(permissionsForRole('signer')) },
      project: { creatorId: CREATOR },
      group: { allowComments: true, passed: false },
      nda: { isRecalled: false, isSigned: false },
    };
    // My thread, countered by the other side: I answer their wording first.
    const countered = {
      authorId: ME,
      negotiationStatus: 'unresolved',
      proposals: [{ authorId: ME }, { authorId: SOMEONE_ELSE }],
    };
    expect(wordingAuthorId(countered)).toBe(SOMEONE_ELSE);
    expect(canMakeMove(ctx, countered, 'approve')).toBe(true);
    // Their thread, my counter-proposal: they answer mine first.
    const mine = { authorId: SOMEONE_ELSE, negotiationStatus: 'unresolved', proposals: [{ authorId: ME }] };
    expect(wordingAuthorId(mine)).toBe(ME);
    expect(canNegotiate(ctx, mine)).toBe(false);
    // No proposal: the thread's author, as before.
    expect(wordingAuthorId({ authorId: ME, negotiationStatus: 'unresolved', proposals: [] })).toBe(ME);
  });

  it('closes every action and move once a signer of the group passed on the opportunity', () => {
    const ctx: AbilityContext = {
      actor: { userId: ME, access: 'owner', flags: permissionFlags(permissionsForRole('owner')) },
      project: { creatorId: CREATOR },
      group: { allowComments: true, passed: true },
      nda: { isRecalled: false, isSigned: false },
    };
    const thread = { authorId: SOMEONE_ELSE, negotiationStatus: 'approved_by_recipient_waiting_sender' };
    expect(canOpenThread(ctx)).toBe(false);
    expect(canReply(ctx)).toBe(false);
    expect(threadRefusal(ctx, 'reply')).toBe('passed');
    expect(canNegotiate(ctx, thread)).toBe(false);
    expect(canNegotiate({ ...ctx, group: { allowComments: true, passed: false } }, thread)).toBe(true);
  });
});

describe('the permission flags', () => {
  it('are all held by every role, so the flag checks refuse no participant', () => {
    for (const role of ['owner', 'member', 'signer'] as const) {
      const flags = permissionFlags(permissionsForRole(role));
      for (const flag of [...THREAD_ACTION_FLAGS, 'canAddNegotiation'])
        expect(flags[flag], `${role} ${flag}`).toBe(true);
    }
  });

  it('are the ones the spec lists for each control', () => {
    expect([...THREAD_ACTION_FLAGS].sort()).toEqual([...new Set(Object.values(NEEDS).flat())].sort());
  });
});
