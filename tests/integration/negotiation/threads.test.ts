import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@shared/negotiation.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  api,
  type Cast,
  createDeal,
  createThread,
  type Deal,
  eventRows,
  negotiate,
  nonField,
  setNda,
  threadBy,
  threadStatus,
  negotiationSetup,
} from '@tests/support/negotiation.js';

import { expectStatus } from '@tests/support/projects.js';

// Comment threads, comments, pointers and negotiation moves over REST (/api/v1/projects/...) and tRPC.

let t: TestApp;
let cast: Cast;
let deal: Deal;

negotiationSetup({ signersReady: false }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

const T = '/projects/comment_threads';

describe('opening a thread (POST /projects/comment_threads/)', () => {
  it('opens a thread at its pointers, answers it and records new_comments_thread', async () => {
    const res = await createThread(t, cast.signerA1, deal.a.ndaId, '  Clause 4 should be mutual.  ', [
      { page: 1, x: 0, y: 1 },
      { page: 4, x: 0.5, y: 0.25 },
    ]);
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      nda: deal.a.ndaId,
      text: 'Clause 4 should be mutual.',
      author: 'Alice Acquirer',
      authorId: cast.signerA1.id,
      negotiationStatus: 'unresolved',
      comments: [],
    });
    expect(res.body.pointers).toEqual([
      { id: expect.any(Number), page: 1, x: 0, y: 1, commentThread: res.body.id },
      { id: expect.any(Number), page: 4, x: 0.5, y: 0.25, commentThread: res.body.id },
    ]);
    expect(Date.parse(res.body.created)).not.toBeNaN();

    const events = (await eventRows(t, deal.projectId, 'new_comments_thread')).filter(
      (e) => e.subjectId === res.body.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      projectBranchId: deal.a.branchId,
      authorId: cast.signerA1.id,
      ndaId: deal.a.ndaId,
    });
  });

  it('lets both sides open threads: the owner and a team member on the project', async () => {
    for (const user of [cast.owner, cast.manager, cast.signerA2])
      expectStatus(await createThread(t, user, deal.a.ndaId), 201);
  });

  it("asks for a pointer: 'set pointer' when pointers are missing or empty", async () => {
    for (const body of [
      { nda: deal.a.ndaId, text: 'No pointer' },
      { nda: deal.a.ndaId, text: 'No pointer', pointers: [] },
    ]) {
      const res = await api(t, 'POST', `${T}/`, cast.signerA1, body);
      expectStatus(res, 400);
      expect(res.body.pointers).toEqual(['set pointer']);
    }
  });

  it.each([
    [{ page: 1, x: 1.01, y: 0.5 }, 'x must be between 0 and 1'],
    [{ page: 1, x: -0.01, y: 0.5 }, 'x must be between 0 and 1'],
    [{ page: 1, x: 0.5, y: 2 }, 'y must be between 0 and 1'],
    [{ page: 0, x: 0.5, y: 0.5 }, 'page must be 1 or more'],
    [{ page: 1, x: 'left', y: 0.5 }, 'x is required'],
  ])('refuses a pointer off the page %j', async (pointer, message) => {
    const res = await api(t, 'POST', `${T}/`, cast.signerA1, {
      nda: deal.a.ndaId,
      text: 'Off the page',
      pointers: [pointer],
    });
    expectStatus(res, 400);
    expect(res.body.pointers).toEqual([message]);
  });

  it('refuses a pointer on a page the NDA does not have (4 pages)', async () => {
    const res = await createThread(t, cast.signerA1, deal.a.ndaId, 'Page five', [{ page: 5, x: 0.5, y: 0.5 }]);
    expectStatus(res, 400);
    expect(res.body.page).toEqual(['The document has 4 page(s).']);
  });

  it.each([[''], ['   '], [null]])('requires text (%j)', async (text) => {
    const res = await api(t, 'POST', `${T}/`, cast.signerA1, {
      nda: deal.a.ndaId,
      text,
      pointers: [{ page: 1, x: 0.1, y: 0.1 }],
    });
    expectStatus(res, 400);
    expect(res.body.text).toEqual(['This field is required.']);
  });

  it('requires an NDA', async () => {
    const res = await api(t, 'POST', `${T}/`, cast.signerA1, {
      text: 'Which NDA?',
      pointers: [{ page: 1, x: 0.1, y: 0.1 }],
    });
    expectStatus(res, 400);
    expect(res.body.nda).toBeDefined();
  });

  it("answers 404 for an NDA the actor does not take part in: another group's signer, another company, a team member not on the project", async () => {
    for (const user of [cast.signerB, cast.stranger, cast.member]) {
      const res = await createThread(t, user, deal.a.ndaId);
      expectStatus(res, 404);
      expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // The signer of group A cannot reach group B's NDA either, and an NDA that does not exist is the same 404.
    expectStatus(await createThread(t, cast.signerA1, deal.b.ndaId), 404);
    expectStatus(await createThread(t, cast.owner, 2_000_000_000), 404);
  });

  it('answers 404 to a signer whose NDA has not been sent yet, while the sender may already comment', async () => {
    const unsent = await createDeal(t, cast, { sentA: false });
    expectStatus(await createThread(t, cast.signerA1, unsent.a.ndaId), 404);
    expectStatus(await createThread(t, cast.owner, unsent.a.ndaId), 201);
  });

  it('answers 401 without a token', async () => {
    const res = await createThread(t, null, deal.a.ndaId);
    expectStatus(res, 401);
    expect(res.body.detail).toBe('Authentication credentials were not provided.');
  });

  it('refuses threads on a recalled or signed NDA', async () => {
    const d = await createDeal(t, cast);
    for (const state of [{ isRecalled: true }, { isSigned: true }]) {
      await setNda(t, d.a.ndaId, { isRecalled: false, isSigned: false, ...state });
      for (const user of [cast.owner, cast.signerA1]) {
        const res = await createThread(t, user, d.a.ndaId);
        expectStatus(res, 400);
        expect(nonField(res)).toBe(THREAD_MESSAGES.closed);
      }
    }
    await setNda(t, d.a.ndaId, { isRecalled: false, isSigned: false });
    expectStatus(await createThread(t, cast.signerA1, d.a.ndaId), 201);
  });
});

describe('listing (GET /projects/comment_threads/?nda=&limit=-1)', () => {
  it("answers one page of the NDA's threads, oldest first, with pointers and comments, the same to both sides", async () => {
    const d = await createDeal(t, cast);
    const first = await threadBy(t, cast.signerA1, d.a.ndaId, 'First');
    const second = await threadBy(t, cast.owner, d.a.ndaId, 'Second');
    expectStatus(
      await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: first, text: 'Agreed in principle.' }),
      201,
    );
    await threadBy(t, cast.signerB, d.b.ndaId, 'Other group');

    const owner = await api(t, 'GET', `${T}/?nda=${d.a.ndaId}&limit=-1`, cast.owner);
    expectStatus(owner, 200);
    expect(owner.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(owner.body.results.map((r: { id: number }) => r.id)).toEqual([first, second]);
    expect(owner.body.results[0].comments).toEqual([
      expect.objectContaining({
        text: 'Agreed in principle.',
        author: 'Olivia Owner',
        authorId: cast.owner.id,
        commentThread: first,
      }),
    ]);
    expect(owner.body.results[1].pointers).toHaveLength(1);
    const signer = await api(t, 'GET', `${T}/?nda=${d.a.ndaId}&limit=-1`, cast.signerA2);
    expectStatus(signer, 200);
    expect(signer.body).toEqual(owner.body);

    const one = await api(t, 'GET', `${T}/${first}/`, cast.signerA1);
    expectStatus(one, 200);
    expect(one.body).toEqual(owner.body.results[0]);
  });

  it('answers 404 to those who do not take part, 401 without a token and 400 without an NDA', async () => {
    for (const user of [cast.signerB, cast.stranger, cast.member])
      expectStatus(await api(t, 'GET', `${T}/?nda=${deal.a.ndaId}&limit=-1`, user), 404);
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    for (const user of [cast.signerB, cast.stranger, cast.member]) {
      expectStatus(await api(t, 'GET', `${T}/${thread}/`, user), 404);
      expectStatus(await api(t, 'GET', `/projects/comments/?comment_thread=${thread}`, user), 404);
      expectStatus(await api(t, 'GET', `/projects/negotiations/?comment_thread=${thread}`, user), 404);
    }
    expectStatus(await api(t, 'GET', `${T}/?nda=${deal.a.ndaId}`, null), 401);
    expectStatus(await api(t, 'GET', `${T}/?limit=-1`, cast.owner), 400);
  });
});

describe('replies (POST /projects/comments/)', () => {
  it('lets both sides reply, lists the replies and records new_comment for each', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const fromOwner = await api(t, 'POST', '/projects/comments/', cast.owner, {
      comment_thread: thread,
      text: 'We can accept that.',
    });
    expectStatus(fromOwner, 201);
    expect(fromOwner.body).toMatchObject({
      text: 'We can accept that.',
      author: 'Olivia Owner',
      authorId: cast.owner.id,
      commentThread: thread,
    });
    const fromSigner = await api(t, 'POST', '/projects/comments/', cast.signerA2, {
      commentThread: thread,
      text: 'Thank you.',
    });
    expectStatus(fromSigner, 201);

    const list = await api(t, 'GET', `/projects/comments/?comment_thread=${thread}`, cast.signerA1);
    expectStatus(list, 200);
    expect(list.body.results.map((c: { id: number }) => c.id)).toEqual([fromOwner.body.id, fromSigner.body.id]);

    const events = (await eventRows(t, deal.projectId, 'new_comment')).filter((e) =>
      [fromOwner.body.id, fromSigner.body.id].includes(e.subjectId),
    );
    expect(events.map((e) => [e.authorId, e.projectBranchId, e.ndaId])).toEqual([
      [cast.owner.id, deal.a.branchId, deal.a.ndaId],
      [cast.signerA2.id, deal.a.branchId, deal.a.ndaId],
    ]);
  });

  it('refuses an empty reply, a reply to a thread one may not see and a reply without a token', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const empty = await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: ' ' });
    expectStatus(empty, 400);
    expect(empty.body.text).toEqual(['This field is required.']);
    for (const user of [cast.signerB, cast.stranger, cast.member])
      expectStatus(await api(t, 'POST', '/projects/comments/', user, { comment_thread: thread, text: 'Hi' }), 404);
    expectStatus(
      await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: 2_000_000_000, text: 'Hi' }),
      404,
    );
    expectStatus(await api(t, 'POST', '/projects/comments/', null, { comment_thread: thread, text: 'Hi' }), 401);
  });
});

describe('comments turned off for a group (allow_comments false)', () => {
  it("refuses the group's signers and team members, but not the project's owner", async () => {
    const d = await createDeal(t, cast, { allowCommentsA: false });
    const bySigner = await createThread(t, cast.signerA1, d.a.ndaId);
    expectStatus(bySigner, 403);
    expect(bySigner.body.detail).toBe(THREAD_MESSAGES.commentsOff);
    // A team member on the project is not its owner.
    expect((await createThread(t, cast.manager, d.a.ndaId)).status).toBe(403);

    const thread = await threadBy(t, cast.owner, d.a.ndaId, 'Owner may still comment');
    const reply = await api(t, 'POST', '/projects/comments/', cast.signerA1, {
      comment_thread: thread,
      text: 'Me too?',
    });
    expectStatus(reply, 403);
    expect(reply.body.detail).toBe(THREAD_MESSAGES.commentsOff);
    expectStatus(
      await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: 'Yes, me.' }),
      201,
    );
    // Adding a pointer is commenting too.
    expectStatus(
      await api(t, 'POST', '/projects/pointers/', cast.owner, { comment_thread: thread, page: 2, x: 0.2, y: 0.2 }),
      201,
    );

    // The other group of the project still allows comments.
    expectStatus(await createThread(t, cast.signerB, d.b.ndaId), 201);
  });

  it('lets a team member comment when they are the owner of the project', async () => {
    const d = await createDeal(t, cast, { owner: cast.manager, allowCommentsA: false });
    expectStatus(await createThread(t, cast.manager, d.a.ndaId), 201);
    expectStatus(await createThread(t, cast.signerA1, d.a.ndaId), 403);
  });
});

describe('editing and deleting: the author only, while the thread is not settled', () => {
  it('lets the author edit the thread (PATCH and PUT) and refuses anyone else with 403', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId, 'Original text');
    for (const user of [cast.owner, cast.signerA2, cast.manager]) {
      const res = await api(t, 'PATCH', `${T}/${thread}/`, user, { text: 'Hijacked' });
      expectStatus(res, 403);
      expect(res.body.detail).toBe(THREAD_MESSAGES.notAuthor);
    }
    expectStatus(await api(t, 'PATCH', `${T}/${thread}/`, cast.signerB, { text: 'Hijacked' }), 404);
    const patched = await api(t, 'PATCH', `${T}/${thread}/`, cast.signerA1, { text: 'Edited text' });
    expectStatus(patched, 200);
    expect(patched.body.text).toBe('Edited text');
    const put = await api(t, 'PUT', `${T}/${thread}/`, cast.signerA1, { text: 'Edited again' });
    expectStatus(put, 200);
    expect(put.body.text).toBe('Edited again');
    const empty = await api(t, 'PATCH', `${T}/${thread}/`, cast.signerA1, { text: '' });
    expectStatus(empty, 400);
    expect(empty.body.text).toEqual(['This field is required.']);
  });

  it("lets a comment's author edit and delete it, and refuses anyone else with 403", async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const comment = (
      await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: 'Draft reply' })
    ).body.id as number;
    for (const user of [cast.signerA1, cast.manager]) {
      expectStatus(await api(t, 'PATCH', `/projects/comments/${comment}/`, user, { text: 'Not mine' }), 403);
      expectStatus(await api(t, 'DELETE', `/projects/comments/${comment}/`, user), 403);
    }
    const edited = await api(t, 'PUT', `/projects/comments/${comment}/`, cast.owner, { text: 'Final reply' });
    expectStatus(edited, 200);
    expect(edited.body).toMatchObject({ id: comment, text: 'Final reply' });
    expectStatus(await api(t, 'DELETE', `/projects/comments/${comment}/`, cast.owner), 204);
    expect((await api(t, 'GET', `/projects/comments/?comment_thread=${thread}`, cast.owner)).body.results).toEqual([]);
    expectStatus(await api(t, 'DELETE', `/projects/comments/${comment}/`, cast.owner), 404);
  });

  it('deletes a thread with its pointers and comments (author only) and records comments_thread_deleted', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const comment = (
      await api(t, 'POST', '/projects/comments/', cast.signerA1, { comment_thread: thread, text: 'Reply' })
    ).body.id as number;
    for (const user of [cast.signerA1, cast.manager]) {
      const res = await api(t, 'DELETE', `${T}/${thread}/`, user);
      expectStatus(res, 403);
      expect(res.body.detail).toBe(THREAD_MESSAGES.notAuthor);
    }
    expectStatus(await api(t, 'DELETE', `${T}/${thread}/`, cast.stranger), 404);
    expectStatus(await api(t, 'DELETE', `${T}/${thread}/`, cast.owner), 204);
    expectStatus(await api(t, 'GET', `${T}/${thread}/`, cast.owner), 404);
    expect(await t.core.db.selectFrom('pointers').select('id').where('commentThreadId', '=', thread).execute()).toEqual(
      [],
    );
    expect(await t.core.db.selectFrom('comments').select('id').where('id', '=', comment).execute()).toEqual([]);
    const events = (await eventRows(t, deal.projectId, 'comments_thread_deleted')).filter(
      (e) => e.subjectId === thread,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ authorId: cast.owner.id, projectBranchId: deal.a.branchId, ndaId: deal.a.ndaId });
  });

  it.each([
    [
      'approved by both parties',
      [
        ['signerA1', 'approve'],
        ['owner', 'approve'],
      ],
      'approved_by_both_parties',
    ],
    [
      'rejected by both parties',
      [
        ['signerA1', 'reject'],
        ['owner', 'reject'],
      ],
      'rejected_by_both_parties',
    ],
  ] as const)('refuses edits and deletions once the thread is %s', async (_label, moves, settled) => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const comment = (
      await api(t, 'POST', '/projects/comments/', cast.signerA1, { comment_thread: thread, text: 'Reply' })
    ).body.id as number;
    for (const [who, move] of moves) expectStatus(await negotiate(t, cast[who], thread, move), 200);
    expect(await threadStatus(t, thread)).toBe(settled);

    const calls: Array<[TestUser, 'PATCH' | 'DELETE', string]> = [
      [cast.owner, 'PATCH', `${T}/${thread}/`],
      [cast.owner, 'DELETE', `${T}/${thread}/`],
      [cast.signerA1, 'PATCH', `/projects/comments/${comment}/`],
      [cast.signerA1, 'DELETE', `/projects/comments/${comment}/`],
    ];
    for (const [user, method, path] of calls) {
      const res = await api(t, method, path, user, method === 'PATCH' ? { text: 'Changed' } : undefined);
      expectStatus(res, 400);
      expect(nonField(res)).toBe(THREAD_MESSAGES.settled);
    }
    // Settling holds back changes, not replies.
    const reply = await api(t, 'POST', '/projects/comments/', cast.signerA1, { comment_thread: thread, text: 'Noted' });
    expectStatus(reply, 201);

    if (settled === 'rejected_by_both_parties') {
      // Reopened by an approval, the thread can be changed again.
      expectStatus(await negotiate(t, cast.signerA2, thread, 'approve'), 200);
      expectStatus(await api(t, 'PATCH', `${T}/${thread}/`, cast.owner, { text: 'Reworded after reopening' }), 200);
      expectStatus(await api(t, 'DELETE', `/projects/comments/${comment}/`, cast.signerA1), 204);
    }
  });

  it('refuses edits and deletions on a recalled NDA', async () => {
    const d = await createDeal(t, cast);
    const thread = await threadBy(t, cast.signerA1, d.a.ndaId);
    const comment = (
      await api(t, 'POST', '/projects/comments/', cast.signerA1, { comment_thread: thread, text: 'Reply' })
    ).body.id as number;
    await setNda(t, d.a.ndaId, { isRecalled: true });
    for (const [method, path] of [
      ['PATCH', `${T}/${thread}/`],
      ['DELETE', `${T}/${thread}/`],
      ['PATCH', `/projects/comments/${comment}/`],
      ['DELETE', `/projects/comments/${comment}/`],
    ] as const) {
      const res = await api(t, method, path, cast.signerA1, method === 'PATCH' ? { text: 'Changed' } : undefined);
      expectStatus(res, 400);
      expect(nonField(res)).toBe(THREAD_MESSAGES.closed);
    }
    const reply = await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: 'Too late' });
    expectStatus(reply, 400);
    expect(nonField(reply)).toBe(THREAD_MESSAGES.closed);
  });
});

describe('pointers (POST /projects/pointers/, DELETE /projects/pointers/{id}/)', () => {
  it("lets the thread's author add and remove pointers; anyone else gets 403 or 404", async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const added = await api(t, 'POST', '/projects/pointers/', cast.signerA1, {
      comment_thread: thread,
      page: 2,
      x: 0.1,
      y: 0.9,
    });
    expectStatus(added, 201);
    expect(added.body).toEqual({ id: expect.any(Number), page: 2, x: 0.1, y: 0.9, commentThread: thread });

    const byOwner = await api(t, 'POST', '/projects/pointers/', cast.owner, {
      comment_thread: thread,
      page: 2,
      x: 0.1,
      y: 0.9,
    });
    expectStatus(byOwner, 403);
    expect(byOwner.body.detail).toBe(THREAD_MESSAGES.notAuthor);
    expectStatus(
      await api(t, 'POST', '/projects/pointers/', cast.signerB, { comment_thread: thread, page: 2, x: 0.1, y: 0.9 }),
      404,
    );
    expectStatus(
      await api(t, 'POST', '/projects/pointers/', null, { comment_thread: thread, page: 2, x: 0.1, y: 0.9 }),
      401,
    );

    const listed = (await api(t, 'GET', `${T}/${thread}/`, cast.owner)).body;
    expect(listed.pointers.map((p: { page: number }) => p.page)).toEqual([1, 2]);

    expectStatus(await api(t, 'DELETE', `/projects/pointers/${added.body.id}/`, cast.owner), 403);
    expectStatus(await api(t, 'DELETE', `/projects/pointers/${added.body.id}/`, cast.stranger), 404);
    expectStatus(await api(t, 'DELETE', `/projects/pointers/${added.body.id}/`, cast.signerA1), 204);
    expectStatus(await api(t, 'DELETE', `/projects/pointers/${added.body.id}/`, cast.signerA1), 404);

    // The last pointer stays: a thread without one could not be shown on the page.
    const last = listed.pointers[0].id as number;
    const res = await api(t, 'DELETE', `/projects/pointers/${last}/`, cast.signerA1);
    expectStatus(res, 400);
    expect(nonField(res)).toMatch(/at least one pointer/);
  });

  it.each([
    [{ page: 5, x: 0.5, y: 0.5 }, 'page', 'The document has 4 page(s).'],
    [{ page: 0, x: 0.5, y: 0.5 }, 'page', 'page must be 1 or more'],
    [{ page: 1, x: 1.5, y: 0.5 }, 'x', 'x must be between 0 and 1'],
    [{ page: 1, x: 0.5, y: -1 }, 'y', 'y must be between 0 and 1'],
  ])('refuses a pointer %j', async (pointer, field, message) => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const res = await api(t, 'POST', '/projects/pointers/', cast.signerA1, { comment_thread: thread, ...pointer });
    expectStatus(res, 400);
    expect(res.body[field]).toEqual([message]);
  });
});

describe('negotiation (GET .../negotiation_approve/ and .../negotiation_reject/)', () => {
  type Who = 'owner' | 'manager' | 'signerA1' | 'signerA2';
  type Step = [Who, 'approve' | 'reject', string];

  /** Plays moves on a fresh thread: each step expects the new status, or the refusal's message. */
  async function play(author: Who, steps: Step[]) {
    const thread = await threadBy(t, cast[author], deal.a.ndaId, `Thread by ${author}`);
    const accepted: Array<{ who: Who; move: string; to: string }> = [];
    for (const [who, move, expected] of steps) {
      const res = await negotiate(t, cast[who], thread, move);
      if (expected in REFUSAL_MESSAGES) {
        expect(res.status, `${who} ${move}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(nonField(res)).toBe(REFUSAL_MESSAGES[expected as keyof typeof REFUSAL_MESSAGES]);
      } else {
        expect(res.status, `${who} ${move}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toMatchObject({ id: thread, negotiationStatus: expected });
        accepted.push({ who, move, to: expected });
      }
      expect(await threadStatus(t, thread)).toBe(accepted.at(-1)?.to ?? 'unresolved');
    }
    // Each accepted move is one negotiation row (listed by the API) and one approved/rejected event.
    const listed = await api(t, 'GET', `/projects/negotiations/?comment_thread=${thread}`, cast.signerA1);
    expectStatus(listed, 200);
    expect(
      listed.body.results.map((n: { authorId: number; move: string; toStatus: string }) => [
        n.authorId,
        n.move,
        n.toStatus,
      ]),
    ).toEqual(accepted.map((a) => [cast[a.who].id, a.move, a.to]));
    const events = (await eventRows(t, deal.projectId)).filter(
      (e) => e.subjectId === thread && (e.status === 'approved' || e.status === 'rejected'),
    );
    expect(events.map((e) => [e.authorId, e.status])).toEqual(
      accepted.map((a) => [cast[a.who].id, a.move === 'approve' ? 'approved' : 'rejected']),
    );
    expect(events.every((e) => e.projectBranchId === deal.a.branchId && e.ndaId === deal.a.ndaId)).toBe(true);
    return thread;
  }

  it("plays a thread by the owner: the author can't open, turns alternate, a double rejection reopens, agreement is final", async () => {
    await play('owner', [
      ['owner', 'approve', 'own_thread'],
      ['owner', 'reject', 'own_thread'],
      ['signerA1', 'approve', 'approved_by_recipient_waiting_sender'],
      ['signerA2', 'approve', 'not_your_turn'],
      ['signerA1', 'reject', 'not_your_turn'],
      // Once the other side has moved, the author may answer.
      ['owner', 'reject', 'rejected_by_sender_waiting_recipient'],
      ['manager', 'approve', 'not_your_turn'],
      ['signerA2', 'reject', 'rejected_by_both_parties'],
      ['signerA1', 'reject', 'no_change'],
      ['owner', 'reject', 'no_change'],
      ['manager', 'approve', 'approved_by_sender_waiting_recipient'],
      ['owner', 'approve', 'not_your_turn'],
      ['signerA1', 'approve', 'approved_by_both_parties'],
      ['owner', 'approve', 'agreed'],
      ['manager', 'reject', 'agreed'],
      ['signerA2', 'reject', 'agreed'],
      ['signerA1', 'approve', 'agreed'],
    ]);
  });

  it('plays a thread by a signer: a fellow signer may open it, the author answers the sender', async () => {
    await play('signerA1', [
      ['signerA1', 'approve', 'own_thread'],
      ['signerA2', 'reject', 'rejected_by_recipient_waiting_for_sender'],
      ['signerA2', 'approve', 'not_your_turn'],
      ['owner', 'approve', 'approved_by_sender_waiting_recipient'],
      ['manager', 'reject', 'not_your_turn'],
      ['signerA1', 'reject', 'rejected_by_recipient_waiting_for_sender'],
      ['owner', 'reject', 'rejected_by_both_parties'],
      ['signerA1', 'approve', 'approved_by_recipient_waiting_sender'],
      ['manager', 'approve', 'approved_by_both_parties'],
    ]);
  });

  it('plays every first move of the sender side on a thread by a signer', async () => {
    await play('signerA2', [
      ['manager', 'reject', 'rejected_by_sender_waiting_recipient'],
      ['signerA2', 'approve', 'approved_by_recipient_waiting_sender'],
      ['owner', 'reject', 'rejected_by_sender_waiting_recipient'],
      ['signerA1', 'reject', 'rejected_by_both_parties'],
      ['signerA1', 'approve', 'approved_by_recipient_waiting_sender'],
      ['owner', 'approve', 'approved_by_both_parties'],
    ]);
  });

  it('accepts POST as well as GET', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const res = await api(t, 'POST', `${T}/${thread}/negotiation_reject/`, cast.signerA1);
    expectStatus(res, 200);
    expect(res.body.negotiationStatus).toBe('rejected_by_recipient_waiting_for_sender');
  });

  it('refuses every move on a recalled NDA, and allows them again once it is restored', async () => {
    const d = await createDeal(t, cast);
    const thread = await threadBy(t, cast.owner, d.a.ndaId);
    expectStatus(await negotiate(t, cast.signerA1, thread, 'approve'), 200);
    await setNda(t, d.a.ndaId, { isRecalled: true });
    for (const user of [cast.owner, cast.manager, cast.signerA1, cast.signerA2])
      for (const move of ['approve', 'reject'] as const) {
        const res = await negotiate(t, user, thread, move);
        expectStatus(res, 400);
        expect(nonField(res)).toBe(REFUSAL_MESSAGES.nda_closed);
      }
    expect(await threadStatus(t, thread)).toBe('approved_by_recipient_waiting_sender');
    await setNda(t, d.a.ndaId, { isRecalled: false });
    expectStatus(await negotiate(t, cast.owner, thread, 'approve'), 200);
    expect(await threadStatus(t, thread)).toBe('approved_by_both_parties');
  });

  it('refuses moves on a signed NDA', async () => {
    const d = await createDeal(t, cast);
    const thread = await threadBy(t, cast.owner, d.a.ndaId);
    await setNda(t, d.a.ndaId, { isSigned: true });
    const res = await negotiate(t, cast.signerA1, thread, 'approve');
    expectStatus(res, 400);
    expect(nonField(res)).toBe(REFUSAL_MESSAGES.nda_closed);
  });

  it('still lets the signers negotiate when comments are turned off for their group', async () => {
    const d = await createDeal(t, cast, { allowCommentsA: false });
    const thread = await threadBy(t, cast.owner, d.a.ndaId);
    expectStatus(await negotiate(t, cast.signerA1, thread, 'approve'), 200);
  });

  it('answers 404 to those who do not take part, 401 without a token and 404 for an unknown thread', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    for (const user of [cast.signerB, cast.stranger, cast.member])
      expectStatus(await negotiate(t, user, thread, 'approve'), 404);
    expectStatus(await negotiate(t, null, thread, 'approve'), 401);
    expectStatus(await negotiate(t, cast.owner, 2_000_000_000, 'approve'), 404);
    expectStatus(await api(t, 'GET', `${T}/abc/negotiation_approve/`, cast.owner), 404);
    expect(await threadStatus(t, thread)).toBe('unresolved');
  });
});

describe('the tRPC twins', () => {
  const auth = (u: TestUser) => authHeader(u.access);

  it('threads.create opens a thread, validates like REST and hides NDAs with NOT_FOUND', async () => {
    const ok = await trpcMutation(
      t,
      'threads.create',
      { nda: deal.a.ndaId, text: 'Through tRPC', pointers: [{ page: 3, x: 0.3, y: 0.6 }] },
      auth(cast.signerA1),
    );
    expect(ok.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data).toMatchObject({
      nda: deal.a.ndaId,
      text: 'Through tRPC',
      authorId: cast.signerA1.id,
      negotiationStatus: 'unresolved',
      pointers: [{ page: 3, x: 0.3, y: 0.6 }],
    });
    const events = (await eventRows(t, deal.projectId, 'new_comments_thread')).filter(
      (e) => e.subjectId === ok.data.id,
    );
    expect(events).toHaveLength(1);

    const noPointer = await trpcMutation(
      t,
      'threads.create',
      { nda: deal.a.ndaId, text: 'No pointer', pointers: [] },
      auth(cast.signerA1),
    );
    expect(noPointer.status).toBe(400);
    expect(noPointer.error?.data.body.pointers).toEqual(['set pointer']);

    const hidden = await trpcMutation(
      t,
      'threads.create',
      { nda: deal.a.ndaId, text: 'Hidden', pointers: [{ page: 1, x: 0, y: 0 }] },
      auth(cast.signerB),
    );
    expect(hidden.status).toBe(404);
    expect(hidden.error?.data.code).toBe('NOT_FOUND');

    expect(
      (
        await trpcMutation(t, 'threads.create', {
          nda: deal.a.ndaId,
          text: 'Anonymous',
          pointers: [{ page: 1, x: 0, y: 0 }],
        })
      ).status,
    ).toBe(401);

    const listed = await trpcQuery(t, 'threads.list', { nda: deal.a.ndaId }, auth(cast.owner));
    expect(listed.status).toBe(200);
    expect(listed.data.map((th: { id: number }) => th.id)).toContain(ok.data.id);
  });

  it('threads.negotiate moves by the same machine and answers refusals with the same body', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const own = await trpcMutation(t, 'threads.negotiate', { id: thread, move: 'approve' }, auth(cast.owner));
    expect(own.status).toBe(400);
    expect(own.error?.data.body.nonFieldErrors).toEqual([REFUSAL_MESSAGES.own_thread]);

    const moved = await trpcMutation(t, 'threads.negotiate', { id: thread, move: 'reject' }, auth(cast.signerA1));
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.data.negotiationStatus).toBe('rejected_by_recipient_waiting_for_sender');
    const turn = await trpcMutation(t, 'threads.negotiate', { id: thread, move: 'approve' }, auth(cast.signerA2));
    expect(turn.error?.data.body.nonFieldErrors).toEqual([REFUSAL_MESSAGES.not_your_turn]);
    expect(
      (await trpcMutation(t, 'threads.negotiate', { id: thread, move: 'approve' }, auth(cast.stranger))).status,
    ).toBe(404);
    expect((await trpcMutation(t, 'threads.negotiate', { id: thread, move: 'maybe' }, auth(cast.owner))).status).toBe(
      400,
    );

    const rows = (await eventRows(t, deal.projectId, 'rejected')).filter((e) => e.subjectId === thread);
    expect(rows.map((e) => e.authorId)).toEqual([cast.signerA1.id]);
    const moves = await trpcQuery(t, 'threads.negotiations', { id: thread }, auth(cast.owner));
    expect(
      moves.data.map((m: { side: string; move: string; fromStatus: string }) => [m.side, m.move, m.fromStatus]),
    ).toEqual([['recipient', 'reject', 'unresolved']]);
  });

  it('threads.comment replies and records new_comment; comments off refuses it with FORBIDDEN', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
    const res = await trpcMutation(
      t,
      'threads.comment',
      { commentThread: thread, text: 'Reply through tRPC' },
      auth(cast.manager),
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ commentThread: thread, text: 'Reply through tRPC', authorId: cast.manager.id });
    const events = (await eventRows(t, deal.projectId, 'new_comment')).filter((e) => e.subjectId === res.data.id);
    expect(events).toHaveLength(1);

    const empty = await trpcMutation(t, 'threads.comment', { commentThread: thread, text: '' }, auth(cast.manager));
    expect(empty.status).toBe(400);
    expect(empty.error?.data.body.text).toEqual(['This field is required.']);

    const off = await createDeal(t, cast, { allowCommentsA: false });
    const ownerThread = await threadBy(t, cast.owner, off.a.ndaId);
    const refused = await trpcMutation(
      t,
      'threads.comment',
      { commentThread: ownerThread, text: 'Not here' },
      auth(cast.signerA1),
    );
    expect(refused.status).toBe(403);
    expect(refused.error?.data.body.detail).toBe(THREAD_MESSAGES.commentsOff);
  });
});
