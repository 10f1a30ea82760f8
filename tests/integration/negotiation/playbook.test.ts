import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { call, fixture } from '@tests/support/account-area.js';
import type { TestApp } from '@tests/support/app.js';
import { bytesPart, postTemplate } from '@tests/support/documents.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  negotiationSetup,
  nextMessage,
  openSocket,
  subscribe,
} from '@tests/support/negotiation.js';

// Playbooks (GET/PUT /projects/projects/{id}/playbook/ and /projects/nda_templates/{id}/playbook/): the
// sending team's own, copied from a template to the project whose NDA it makes, and never received by a
// bidder through any door.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

/** A string no other text holds: found anywhere a bidder receives, it is a leak. */
const MARKER = 'INTERNAL-PLAYBOOK-7F3Q';

const PLAYBOOK = {
  clauses: [
    {
      key: 'h-governing-law-jurisdiction',
      preferred: 'Governing Law: [England and Wales]',
      fallbacks: ['Governing Law: [New York]', `Governing Law: [${MARKER} last resort]`],
      walkAway: `${MARKER}: walk away from any law outside the UK and US.`,
      guidance: `${MARKER}: the seller is in London; concede New York only to a US fund.`,
    },
    { key: 's5', preferred: '', fallbacks: [], walkAway: '', guidance: `${MARKER}: keep the term short.` },
  ],
};

const projectPlaybook = (user: TestUser | null, projectId: number, body?: unknown) =>
  api(t, body === undefined ? 'GET' : 'PUT', `/projects/projects/${projectId}/playbook/`, user, body);

describe('a project’s playbook', () => {
  it('is written and read by the sending team, over REST and tRPC, and is 404 to recipients', async () => {
    const deal = await createDeal(t, cast);
    expect((await projectPlaybook(cast.owner, deal.projectId)).body).toEqual({ clauses: [] });
    const put = await projectPlaybook(cast.owner, deal.projectId, PLAYBOOK);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual(PLAYBOOK);
    expect((await projectPlaybook(cast.manager, deal.projectId)).body).toEqual(PLAYBOOK);
    const twin = await trpcQuery(t, 'playbooks.project', { id: deal.projectId }, authHeader(cast.manager.access));
    expect(twin.data).toEqual(PLAYBOOK);

    for (const user of [cast.signerA1, cast.signerB, cast.stranger, cast.member]) {
      const read = await projectPlaybook(user, deal.projectId);
      expect(read.status, user.email).toBe(404);
      expect(read.body.code).toBe('not_found');
      const write = await projectPlaybook(user, deal.projectId, { clauses: [] });
      expect(write.status, user.email).toBe(404);
      const trpc = await trpcQuery(t, 'playbooks.project', { id: deal.projectId }, authHeader(user.access));
      expect(trpc.status).toBe(404);
    }
    expect((await projectPlaybook(null, deal.projectId)).status).toBe(401);
    // Unchanged by the refused writes.
    expect((await projectPlaybook(cast.owner, deal.projectId)).body).toEqual(PLAYBOOK);
  });

  it('refuses a key given twice, an empty clause and too many fallbacks, with the reason code', async () => {
    const deal = await createDeal(t, cast);
    const twice = await projectPlaybook(cast.owner, deal.projectId, {
      clauses: [PLAYBOOK.clauses[0], PLAYBOOK.clauses[0]],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('invalid_input');
    const empty = await projectPlaybook(cast.owner, deal.projectId, { clauses: [{ key: 's1' }] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('invalid_input');
    const many = await projectPlaybook(cast.owner, deal.projectId, {
      clauses: [{ key: 's1', fallbacks: Array.from({ length: 11 }, (_, i) => `Wording ${i}`) }],
    });
    expect(many.status).toBe(400);
    expect((await projectPlaybook(cast.owner, deal.projectId)).body).toEqual({ clauses: [] });
  });

  it('never reaches a bidder: not by REST, tRPC, socket, e-mail or PDF, while the adviser uses it', async () => {
    const deal = await createDeal(t, cast);
    const bidder = openSocket(url, cast.signerA1.access, open);
    await connected(bidder);
    expect(await subscribe(bidder, { projectId: deal.projectId })).toMatchObject({ ok: true });
    expect(await subscribe(bidder, { ndaId: deal.a.ndaId })).toMatchObject({ ok: true });
    const received: string[] = [];
    bidder.onAny((event: string, payload: unknown) => received.push(`${event} ${JSON.stringify(payload)}`));

    expect((await projectPlaybook(cast.owner, deal.projectId, PLAYBOOK)).status).toBe(200);
    // The bidder contests governing law; the adviser counters with the playbook's preferred wording.
    const opened = await api(t, 'POST', '/projects/comment_threads/', cast.signerA1, {
      nda: deal.a.ndaId,
      text: 'Delaware law, please.',
      pointers: [{ page: 1, x: 0.3, y: 0.78 }],
      quote: 'Governing Law: [California]',
      proposal: 'Governing Law: [Delaware]',
    });
    expect(opened.status).toBe(201);
    const countered = nextMessage(bidder, 'proposal.created', (m) => m.commentThread === opened.body.id);
    const reply = await api(t, 'POST', '/projects/comments/', cast.owner, {
      comment_thread: opened.body.id,
      text: 'We prefer English law.',
      proposal: PLAYBOOK.clauses[0]!.preferred,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    await countered;

    const door = async (path: string) => JSON.stringify((await api(t, 'GET', path, cast.signerA1)).body);
    const rest = await Promise.all([
      door(`/projects/projects/${deal.projectId}/`),
      door(`/projects/projects/${deal.projectId}/playbook/`),
      door(`/projects/comment_threads/?nda=${deal.a.ndaId}`),
      door(`/projects/nda/${deal.a.ndaId}/`),
      door(`/projects/nda/${deal.a.ndaId}/clauses/`),
      door('/projects/events/'),
      door('/projects/dashboard/'),
    ]);
    const trpc = await Promise.all(
      [
        ['threads.list', { nda: deal.a.ndaId }],
        ['playbooks.project', { id: deal.projectId }],
        ['ndas.clauses', { id: deal.a.ndaId }],
      ].map(async ([path, input]) =>
        JSON.stringify(await trpcQuery(t, path as string, input, authHeader(cast.signerA1.access))),
      ),
    );
    const pdf = await call(t, 'GET', `/projects/nda/${deal.a.ndaId}/get_nda_pdf/`, { access: cast.signerA1.access });
    expect(pdf.status).toBe(200);
    const mails = await t.core.db
      .selectFrom('outboxEmails')
      .select(['subject', 'textBody', 'htmlBody'])
      .where('toAddress', 'in', [cast.signerA1.email, cast.signerA2.email])
      .execute();

    // The bidder did receive the adviser's counter-proposal: the search below looks where it should.
    expect(received.join('\n')).toContain('England and Wales');
    for (const text of [...rest, ...trpc, received.join('\n'), JSON.stringify(mails), pdf.raw.toString('latin1')])
      expect(text).not.toContain(MARKER);
  });
});

describe('a template’s playbook', () => {
  it('is the company team’s, and a project NDA made from the template copies it to the project', async () => {
    const made = await postTemplate(t, cast.owner, 'Mutual NDA', bytesPart('file', fixture('ndas/mutual-nda.pdf')));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const templateId = made.body.id as number;
    const path = `/projects/nda_templates/${templateId}/playbook/`;
    const put = await api(t, 'PUT', path, cast.member, PLAYBOOK);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await api(t, 'GET', path, cast.owner)).body).toEqual(PLAYBOOK);
    const twin = await trpcQuery(t, 'playbooks.template', { id: templateId }, authHeader(cast.owner.access));
    expect(twin.data).toEqual(PLAYBOOK);
    for (const user of [cast.signerA1, cast.stranger]) {
      const read = await api(t, 'GET', path, user);
      expect(read.status, user.email).toBe(404);
      expect(read.body.code).toBe('not_found');
    }

    const deal = await createDeal(t, cast);
    const nda = await call(t, 'POST', '/projects/nda/', {
      access: cast.owner.access,
      json: { project: deal.projectId, name: 'Project NDA', template: templateId },
    });
    expect(nda.status, JSON.stringify(nda.body)).toBe(201);
    expect((await projectPlaybook(cast.owner, deal.projectId)).body).toEqual(PLAYBOOK);
    // The project's copy is its own: changing the template afterwards leaves it.
    expect((await api(t, 'PUT', path, cast.owner, { clauses: [] })).status).toBe(200);
    expect((await projectPlaybook(cast.owner, deal.projectId)).body).toEqual(PLAYBOOK);
  });
});
