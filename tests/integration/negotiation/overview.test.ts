import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type TestApp } from '@tests/support/app.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  negotiate,
  nextMessage,
  openSocket,
  type PointerIn,
  record,
  subscribe,
  negotiationSetup,
} from '@tests/support/negotiation.js';

import type { TestUser } from '@tests/support/factories.js';

// GET /projects/projects/{id}/negotiation_overview/: every thread of every group, grouped by clause,
// for the project's senders only; thread changes reach the project's room so the view stays live.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

interface ThreadIn {
  text: string;
  pointers: PointerIn[];
  quote?: string;
  proposal?: string;
}

async function thread(user: TestUser, nda: number, body: ThreadIn): Promise<number> {
  const res = await api(t, 'POST', '/projects/comment_threads/', user, { nda, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

function overview(user: TestUser | null, projectId: number) {
  return api(t, 'GET', `/projects/projects/${projectId}/negotiation_overview/`, user);
}

describe('the clause view', () => {
  it('answers one row per clause of the NDA, whatever words each group quoted, with its groups, positions and counts', async () => {
    const deal = await createDeal(t, cast);
    // Two groups contest the cover page's governing law, selecting different words of it.
    const a = await thread(cast.signerA1, deal.a.ndaId, {
      text: 'We need English law.',
      pointers: [{ page: 1, x: 0.3, y: 0.78 }],
      quote: 'Governing Law: [California]',
      proposal: 'Governing Law: [England and Wales]',
    });
    const b = await thread(cast.signerB, deal.b.ndaId, {
      text: 'English law, and London courts.',
      pointers: [{ page: 1, x: 0.2, y: 0.8 }],
      quote: 'Governing Law: [California] Jurisdiction: [courts located in Los Angeles County, CA]',
      // The same wording once case, spacing and punctuation are ignored.
      proposal: 'governing law  [England and Wales].',
    });
    // Group B on section 9 of the standard terms, by its pointer alone: another clause, agreed.
    const s9 = await thread(cast.signerB, deal.b.ndaId, {
      text: 'Delaware for the standard terms.',
      pointers: [{ page: 4, x: 0.3, y: 0.2 }],
      proposal: 'the laws of the State of Delaware',
    });
    expect((await negotiate(t, cast.owner, a, 'reject')).status).toBe(200);
    expect((await negotiate(t, cast.owner, s9, 'approve')).status).toBe(200);
    expect((await negotiate(t, cast.signerB, s9, 'approve')).status).toBe(200);

    const res = await overview(cast.owner, deal.projectId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ndas).toEqual([deal.a.ndaId, deal.b.ndaId]);
    const groupA = { projectBranch: deal.a.branchId, groupName: 'Group A' };
    const groupB = { projectBranch: deal.b.branchId, groupName: 'Group B' };
    expect(res.body.clauses.map((c: { key: string }) => c.key)).toEqual(['h-governing-law-jurisdiction', 's9']);
    const [law, section9] = res.body.clauses;
    expect(law).toMatchObject({
      key: 'h-governing-law-jurisdiction',
      number: null,
      heading: 'Governing Law & Jurisdiction',
      page: 1,
      quote: 'Governing Law: [California]',
      groups: [groupA, groupB],
      positions: [{ wording: 'Governing Law: [England and Wales]', groups: [groupA, groupB], agreed: [] }],
      counts: { open: 2, agreed: 0, rejected: 0 },
    });
    expect(law.threads).toEqual([
      {
        id: a,
        projectBranch: deal.a.branchId,
        groupName: 'Group A',
        nda: deal.a.ndaId,
        negotiationStatus: 'rejected_by_sender_waiting_recipient',
        proposal: 'Governing Law: [England and Wales]',
        text: 'We need English law.',
        quote: 'Governing Law: [California]',
        author: 'Alice Acquirer',
        created: expect.any(String),
        page: 1,
        x: 0.3,
        y: 0.78,
      },
      expect.objectContaining({ id: b, projectBranch: deal.b.branchId, groupName: 'Group B', nda: deal.b.ndaId }),
    ]);
    expect(section9).toMatchObject({
      key: 's9',
      number: '9',
      heading: 'Governing Law and Jurisdiction',
      page: 4,
      groups: [groupB],
      positions: [{ wording: 'the laws of the State of Delaware', groups: [groupB], agreed: [groupB] }],
      counts: { open: 0, agreed: 1, rejected: 0 },
      threads: [expect.objectContaining({ id: s9, negotiationStatus: 'approved_by_both_parties' })],
    });

    // The same answer over tRPC, for the project's manager too.
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/projects.negotiationOverview?input=${encodeURIComponent(JSON.stringify({ id: deal.projectId }))}`,
      headers: { authorization: `Bearer ${cast.manager.access}` },
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(JSON.parse(trpc.body).result.data).toEqual(res.body);
  });

  it('groups threads outside every clause by the distance of their first pointers on the same page', async () => {
    const deal = await createDeal(t, cast);
    // In the left margin, where no clause's text runs.
    const near1 = await thread(cast.signerA1, deal.a.ndaId, {
      text: 'Too long a term.',
      // A thread spanning pages belongs to its first pointer's page.
      pointers: [
        { page: 2, x: 0.03, y: 0.3 },
        { page: 4, x: 0.03, y: 0.1 },
      ],
    });
    const near2 = await thread(cast.signerB, deal.b.ndaId, {
      text: 'Two years at most.',
      pointers: [{ page: 2, x: 0.04, y: 0.32 }],
    });
    const far = await thread(cast.signerB, deal.b.ndaId, {
      text: 'Unrelated.',
      pointers: [{ page: 2, x: 0.03, y: 0.6 }],
    });
    const onPage4 = await thread(cast.owner, deal.a.ndaId, {
      text: 'A note of ours.',
      pointers: [{ page: 4, x: 0.03, y: 0.11 }],
    });

    const res = await overview(cast.owner, deal.projectId);
    expect(res.status).toBe(200);
    expect(
      res.body.clauses.map(
        (c: { key: string | null; page: number; quote: string | null; threads: Array<{ id: number }> }) => [
          c.key,
          c.page,
          c.quote,
          c.threads.map((th) => th.id),
        ],
      ),
    ).toEqual([
      [null, 2, null, [near1, near2]],
      [null, 2, null, [far]],
      [null, 4, null, [onPage4]],
    ]);
  });

  it('answers an empty list for a project without threads', async () => {
    const deal = await createDeal(t, cast);
    expect((await overview(cast.owner, deal.projectId)).body).toEqual({
      clauses: [],
      ndas: [deal.a.ndaId, deal.b.ndaId],
      outliers: [],
    });
  });

  it('answers 404 to recipients, outsiders and team members not on the project, 401 without a token', async () => {
    const deal: Deal = await createDeal(t, cast);
    await thread(cast.signerA1, deal.a.ndaId, { text: 'Hidden from others', pointers: [{ page: 1, x: 0.1, y: 0.1 }] });
    for (const user of [cast.signerA1, cast.signerB, cast.stranger, cast.member]) {
      const res = await overview(user, deal.projectId);
      expect(res.status, user.email).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Hidden from others');
    }
    expect((await overview(cast.owner, 2_000_000_000)).status).toBe(404);
    expect((await overview(null, deal.projectId)).status).toBe(401);
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/projects.negotiationOverview?input=${encodeURIComponent(JSON.stringify({ id: deal.projectId }))}`,
      headers: { authorization: `Bearer ${cast.signerA1.access}` },
    });
    expect(trpc.statusCode).toBe(404);
  });
});

describe("thread changes in the project's room", () => {
  it("reach the project's senders from every group, and no signer of another group", async () => {
    const deal = await createDeal(t, cast);
    const owner = openSocket(url, cast.owner.access, open);
    const signerA = openSocket(url, cast.signerA1.access, open);
    await Promise.all([connected(owner), connected(signerA)]);
    expect(await subscribe(owner, { projectId: deal.projectId })).toMatchObject({ ok: true });
    // Group A's signer follows the project (their group's room) and their own NDA.
    expect(await subscribe(signerA, { projectId: deal.projectId })).toMatchObject({ ok: true });
    expect(await subscribe(signerA, { ndaId: deal.a.ndaId })).toMatchObject({ ok: true });
    const messages = [
      'thread.created',
      'thread.updated',
      'thread.deleted',
      'pointer.created',
      'negotiation.changed',
      'proposal.created',
    ];
    const signerLog = record(signerA, messages);

    const created = nextMessage(owner, 'thread.created', (m) => m.nda === deal.b.ndaId);
    const id = await thread(cast.signerB, deal.b.ndaId, { text: 'From B', pointers: [{ page: 1, x: 0.2, y: 0.2 }] });
    expect(await created).toMatchObject({ id, nda: deal.b.ndaId, text: 'From B' });

    const moved = nextMessage(owner, 'negotiation.changed', (m) => m.thread === id);
    expect((await negotiate(t, cast.owner, id, 'approve')).status).toBe(200);
    expect(await moved).toMatchObject({ nda: deal.b.ndaId, negotiationStatus: 'approved_by_sender_waiting_recipient' });

    const proposed = nextMessage(owner, 'proposal.created', (m) => m.commentThread === id);
    const reply = await api(t, 'POST', '/projects/comments/', cast.signerB, {
      comment_thread: id,
      text: 'Counter',
      proposal: 'Two years',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(await proposed).toMatchObject({ nda: deal.b.ndaId, negotiationStatus: 'unresolved' });

    const pointed = nextMessage(owner, 'pointer.created', (m) => m.commentThread === id);
    expect(
      (await api(t, 'POST', '/projects/pointers/', cast.signerB, { comment_thread: id, page: 2, x: 0.3, y: 0.3 }))
        .status,
    ).toBe(201);
    await pointed;

    const deleted = nextMessage(owner, 'thread.deleted', (m) => m.id === id);
    expect((await api(t, 'DELETE', `/projects/comment_threads/${id}/`, cast.signerB)).status).toBe(204);
    await deleted;

    // A change in group A reaches its signer once (NDA room), and the owner; nothing of group B came before.
    const own = nextMessage(signerA, 'thread.created', (m) => m.nda === deal.a.ndaId);
    const ownerSeesA = nextMessage(owner, 'thread.created', (m) => m.nda === deal.a.ndaId);
    await thread(cast.owner, deal.a.ndaId, { text: 'For A', pointers: [{ page: 1, x: 0.2, y: 0.2 }] });
    await Promise.all([own, ownerSeesA]);
    expect(signerLog.map((m) => [m.event, m.payload.nda])).toEqual([['thread.created', deal.a.ndaId]]);
  });
});
