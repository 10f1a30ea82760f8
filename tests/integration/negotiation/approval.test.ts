import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { call } from '@tests/support/account-area.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { readZip } from '@tests/support/zip-read.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  eventRows,
  negotiationSetup,
  nextMessage,
  openSocket,
  subscribe,
  threadStatus,
} from '@tests/support/negotiation.js';

// Internal approval (a project setting): a team member's proposal outside the playbook is held until the
// company's or the project's owner releases it (POST /projects/proposals/{id}/release/) or discards it;
// the bidder sees nothing of it before, by any door.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

/** A string no other text holds: found anywhere a bidder receives, it is a leak. */
const MARKER = 'HELD-PROPOSAL-4J8X';

async function dealWithApproval(): Promise<Deal> {
  const deal = await createDeal(t, cast);
  const on = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, { proposal_approval: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  expect(on.body.proposalApproval).toBe(true);
  expect(
    (
      await api(t, 'PUT', `/projects/projects/${deal.projectId}/playbook/`, cast.owner, {
        clauses: [
          {
            key: 'h-governing-law-jurisdiction',
            preferred: 'Governing Law: [England and Wales]',
            fallbacks: [],
            walkAway: '',
            guidance: '',
          },
        ],
      })
    ).status,
  ).toBe(200);
  return deal;
}

async function contest(user: TestUser, ndaId: number): Promise<number> {
  const res = await api(t, 'POST', '/projects/comment_threads/', user, {
    nda: ndaId,
    text: 'Delaware law, please.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal: 'Governing Law: [Delaware]',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const propose = (user: TestUser, thread: number, proposal: string, text = `Our answer ${MARKER}`) =>
  api(t, 'POST', '/projects/comments/', user, { comment_thread: thread, text, proposal });

describe('internal approval', () => {
  it('holds a member’s wording outside the playbook, hides it from the bidder, and releases it on the owner’s word', async () => {
    const deal = await dealWithApproval();
    const thread = await contest(cast.signerA1, deal.a.ndaId);
    const bidder = openSocket(url, cast.signerA1.access, open);
    const approver = openSocket(url, cast.owner.access, open);
    await Promise.all([connected(bidder), connected(approver)]);
    for (const target of [{ projectId: deal.projectId }, { ndaId: deal.a.ndaId }]) {
      expect(await subscribe(bidder, target)).toMatchObject({ ok: true });
      expect(await subscribe(approver, target)).toMatchObject({ ok: true });
    }
    const received: string[] = [];
    bidder.onAny((event: string, payload: unknown) => received.push(`${event} ${JSON.stringify(payload)}`));
    const mailsBefore = await t.core.db.selectFrom('outboxEmails').select('id').execute();

    // The member's own wording is held; the approver hears of it live and by e-mail.
    const heard = nextMessage(approver, 'proposal.held', (m) => m.commentThread === thread);
    const held = await propose(cast.manager, thread, `Governing Law: [New York] ${MARKER}`);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body).toMatchObject({
      commentThread: thread,
      approval: 'pending',
      proposal: `Governing Law: [New York] ${MARKER}`,
    });
    expect(await heard).toEqual(held.body);
    const approvalMail = await t.core.db
      .selectFrom('outboxEmails')
      .selectAll()
      .where('id', 'not in', mailsBefore.length ? mailsBefore.map((m) => m.id) : [0])
      .execute();
    expect(approvalMail.map((m) => m.toAddress)).toEqual([cast.owner.email]);
    expect(approvalMail[0]!.subject).toBe('A proposal in Project Falcon is awaiting your approval');
    expect(await threadStatus(t, thread)).toBe('unresolved');
    // A playbook wording goes straight through, as does the owner's own.
    const passes = nextMessage(bidder, 'proposal.created', (m) => m.proposal.text.includes('England'));
    const playbook = await propose(cast.manager, thread, 'governing law: [England and Wales].', 'English law.');
    expect(playbook.body.approval).toBeUndefined();
    await passes;

    // Listed for the team on both doors, 404 to the bidder.
    const list = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/held_proposals/`, cast.manager);
    expect(list.body.results).toEqual([held.body]);
    const twin = await trpcQuery(t, 'proposals.held', { nda: deal.a.ndaId }, authHeader(cast.owner.access));
    expect(twin.data).toEqual([held.body]);
    expect((await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/held_proposals/`, cast.signerA1)).status).toBe(404);
    expect((await trpcQuery(t, 'proposals.held', { nda: deal.a.ndaId }, authHeader(cast.signerA1.access))).status).toBe(
      404,
    );

    // What the bidder receives meanwhile holds none of it.
    const door = async (path: string) => JSON.stringify((await api(t, 'GET', path, cast.signerA1)).body);
    const seen = [
      await door(`/projects/comment_threads/?nda=${deal.a.ndaId}`),
      await door(`/projects/comment_threads/${thread}/`),
      await door('/projects/events/'),
      await door(`/projects/projects/${deal.projectId}/`),
      JSON.stringify(await trpcQuery(t, 'threads.list', { nda: deal.a.ndaId }, authHeader(cast.signerA1.access))),
      JSON.stringify(await trpcQuery(t, 'events.list', {}, authHeader(cast.signerA1.access))),
      JSON.stringify(
        await t.core.db.selectFrom('outboxEmails').selectAll().where('toAddress', '=', cast.signerA1.email).execute(),
      ),
      JSON.stringify(
        await t.core.db.selectFrom('notifications').selectAll().where('userId', '=', cast.signerA1.id).execute(),
      ),
      // The Word redline a bidder can download, every part of it.
      [
        ...readZip(
          (await call(t, 'GET', `/projects/nda/${deal.a.ndaId}/redline.docx`, { access: cast.signerA1.access })).raw,
        ).values(),
      ]
        .map((part) => part.toString('utf8'))
        .join('\n'),
    ];
    for (const text of seen) expect(text).not.toContain(MARKER);
    expect(seen[3]).toContain('"proposalApproval":null');

    // A member may not release (403), the bidder may not see it (404).
    const id = held.body.id as number;
    const byMember = await api(t, 'POST', `/projects/proposals/${id}/release/`, cast.manager);
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('permission_denied');
    for (const path of ['release', 'discard']) {
      const bySigner = await api(t, 'POST', `/projects/proposals/${id}/${path}/`, cast.signerA1);
      expect(bySigner.status).toBe(404);
      expect(bySigner.body.code).toBe('not_found');
    }
    // Every message the bidder had by now (the playbook wording's included) holds none of it.
    expect(received.join('\n')).toContain('England and Wales');
    for (const text of received) expect(text).not.toContain(MARKER);

    // Released: the bidder receives it now, as the member's reply.
    const arrives = nextMessage(bidder, 'proposal.created', (m) => m.proposal.text.includes(MARKER));
    const released = await trpcMutation(t, 'proposals.release', { id }, authHeader(cast.owner.access));
    expect(released.status, JSON.stringify(released)).toBe(200);
    expect(released.data).toMatchObject({ id, approval: 'released' });
    expect((await arrives).proposal.text).toBe(`Governing Law: [New York] ${MARKER}`);
    const after = await api(t, 'GET', `/projects/comment_threads/${thread}/`, cast.signerA1);
    expect(after.body.proposal).toBe(`Governing Law: [New York] ${MARKER}`);
    expect(after.body.comments.at(-1)).toMatchObject({ authorId: cast.manager.id, text: `Our answer ${MARKER}` });
    expect((await api(t, 'POST', `/projects/proposals/${id}/release/`, cast.owner)).status).toBe(404);
    const events = await eventRows(t, deal.projectId, 'proposal_released');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ projectBranchId: null, ndaId: null });
  });

  it('discards a held proposal: the bidder never sees it, by any door', async () => {
    const deal = await dealWithApproval();
    const thread = await contest(cast.signerB, deal.b.ndaId);
    const bidder = openSocket(url, cast.signerB.access, open);
    await connected(bidder);
    expect(await subscribe(bidder, { ndaId: deal.b.ndaId })).toMatchObject({ ok: true });
    expect(await subscribe(bidder, { projectId: deal.projectId })).toMatchObject({ ok: true });
    const received: string[] = [];
    bidder.onAny((event: string, payload: unknown) => received.push(`${event} ${JSON.stringify(payload)}`));

    const held = await propose(cast.manager, thread, `Governing Law: [Ohio] ${MARKER}`);
    expect(held.body.approval).toBe('pending');
    const gone = await api(t, 'POST', `/projects/proposals/${held.body.id}/discard/`, cast.owner);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await api(t, 'GET', `/projects/nda/${deal.b.ndaId}/held_proposals/`, cast.owner)).body.results).toEqual([]);
    expect(await eventRows(t, deal.projectId, 'proposal_discarded')).toHaveLength(1);
    // Something the bidder does receive, after the discard: the search looks where it should.
    const reply = nextMessage(bidder, 'comment.created', (m) => m.commentThread === thread);
    expect(
      (await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: 'Noted.' })).status,
    ).toBe(201);
    await reply;
    const seen = [
      received.join('\n'),
      JSON.stringify((await api(t, 'GET', `/projects/comment_threads/?nda=${deal.b.ndaId}`, cast.signerB)).body),
      JSON.stringify((await api(t, 'GET', '/projects/events/', cast.signerB)).body),
    ];
    expect(seen[0]).toContain('Noted.');
    for (const text of seen) expect(text).not.toContain(MARKER);
  });

  it('holds a member’s bulk counter-proposal thread by thread, and says so in the results', async () => {
    const deal = await dealWithApproval();
    const a = await contest(cast.signerA1, deal.a.ndaId);
    const b = await contest(cast.signerB, deal.b.ndaId);
    const res = await api(t, 'POST', `/projects/projects/${deal.projectId}/negotiation_bulk/`, cast.manager, {
      threads: [a, b],
      move: 'propose',
      proposal: 'Governing Law: [Ohio]',
    });
    expect(res.body.results).toEqual([
      { thread: a, ok: true, status: 'unresolved', approval: 'pending' },
      { thread: b, ok: true, status: 'unresolved', approval: 'pending' },
    ]);
    for (const [nda, thread] of [
      [deal.a.ndaId, a],
      [deal.b.ndaId, b],
    ] as const) {
      const held = await api(t, 'GET', `/projects/nda/${nda}/held_proposals/`, cast.owner);
      expect(held.body.results.map((h: { commentThread: number }) => h.commentThread)).toEqual([thread]);
      expect((await api(t, 'GET', `/projects/comment_threads/${thread}/`, cast.owner)).body.proposal).toBe(
        'Governing Law: [Delaware]',
      );
    }
    // The playbook's wording is not held, even from a member.
    const within = await api(t, 'POST', `/projects/projects/${deal.projectId}/negotiation_bulk/`, cast.manager, {
      threads: [a],
      move: 'propose',
      playbookPosition: 0,
    });
    expect(within.body.results).toEqual([{ thread: a, ok: true, status: 'unresolved' }]);
  });

  it('opens a member’s thread without its held wording, which waits like a reply’s', async () => {
    const deal = await dealWithApproval();
    const opened = await api(t, 'POST', '/projects/comment_threads/', cast.manager, {
      nda: deal.a.ndaId,
      text: 'On governing law.',
      pointers: [{ page: 1, x: 0.3, y: 0.78 }],
      quote: 'Governing Law: [California]',
      proposal: `Governing Law: [Nevada] ${MARKER}`,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.proposal).toBeNull();
    const held = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/held_proposals/`, cast.owner);
    expect(held.body.results).toMatchObject([{ commentThread: opened.body.id, approval: 'pending' }]);
    const seen = JSON.stringify(
      (await api(t, 'GET', `/projects/comment_threads/?nda=${deal.a.ndaId}`, cast.signerA1)).body,
    );
    expect(seen).toContain('On governing law.');
    expect(seen).not.toContain(MARKER);
    const released = await api(t, 'POST', `/projects/proposals/${held.body.results[0].id}/release/`, cast.owner);
    expect(released.status).toBe(200);
    const after = await api(t, 'GET', `/projects/comment_threads/${opened.body.id}/`, cast.signerA1);
    expect(after.body.proposal).toBe(`Governing Law: [Nevada] ${MARKER}`);
  });

  it('lets a member given the approve permission release, and refuses approvers who are not on the project', async () => {
    const deal = await dealWithApproval();
    const project = `/projects/projects/${deal.projectId}/`;
    const bad = await api(t, 'PATCH', project, cast.owner, { approvers: [cast.member.id] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', approvers: [expect.any(String)] });
    const set = await api(t, 'PATCH', project, cast.owner, {
      members: [cast.owner.id, cast.manager.id, cast.member.id],
      approvers: [cast.manager.id],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.approvers).toEqual([cast.manager.id]);
    expect((await api(t, 'GET', project, cast.signerA1)).body.approvers).toBeNull();

    // The approving member's own wording is not held; the other member's is, and the approver releases it.
    const thread = await contest(cast.signerA1, deal.a.ndaId);
    expect((await propose(cast.manager, thread, 'Governing Law: [Maine]', 'Maine.')).body.approval).toBeUndefined();
    const before = await t.core.db.selectFrom('outboxEmails').select('id').execute();
    const held = await propose(cast.member, thread, 'Governing Law: [Vermont]', 'Vermont.');
    expect(held.body.approval).toBe('pending');
    const mails = await t.core.db
      .selectFrom('outboxEmails')
      .select('toAddress')
      .where('id', 'not in', before.length ? before.map((m) => m.id) : [0])
      .execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([cast.manager.email, cast.owner.email].sort());
    const released = await api(t, 'POST', `/projects/proposals/${held.body.id}/release/`, cast.manager);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await api(t, 'GET', `/projects/comment_threads/${thread}/`, cast.signerA1)).body.proposal).toBe(
      'Governing Law: [Vermont]',
    );
    // Taken away with the member's removal from the approvers.
    expect((await api(t, 'PATCH', project, cast.owner, { approvers: [] })).body.approvers).toEqual([]);
    const again = await propose(cast.manager, thread, 'Governing Law: [Idaho]', 'Idaho.');
    expect(again.body.approval).toBe('pending');
  });

  it('holds nothing while the project does not ask for approval', async () => {
    const deal = await createDeal(t, cast);
    const thread = await contest(cast.signerA1, deal.a.ndaId);
    const res = await propose(cast.manager, thread, 'Governing Law: [New York]', 'New York.');
    expect(res.status).toBe(201);
    expect(res.body.approval).toBeUndefined();
    expect(res.body.proposal).toBe('Governing Law: [New York]');
  });
});
