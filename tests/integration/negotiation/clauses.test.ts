import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentClause } from '@shared/clause-split.js';
import { call, fixture } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { bytesPart, postTemplate } from '@tests/support/documents.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import { api, type Cast, createCast, createDeal, type Deal } from '@tests/support/negotiation.js';
import { addRecipientsGroup, recipient, uploadProjectNda } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// GET /projects/nda/{id}/clauses/: the NDA's text as clauses, split when it is stored; threads answer the
// clause their pointer or quote falls in; a group's copy of the project NDA shares the project NDA's keys.

let t: TestApp;
let cast: Cast;
let deal: Deal;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
  deal = await createDeal(t, cast);
}, SETUP_MS);
afterAll(() => t?.close());

const clausesOf = (user: Cast['owner'] | null, ndaId: number) =>
  api<DocumentClause[]>(t, 'GET', `/projects/nda/${ndaId}/clauses/`, user);

describe('an NDA’s clauses', () => {
  it('splits an uploaded NDA as it is stored, and answers its clauses to the sending team', async () => {
    const nda = await uploadProjectNda(t, cast.owner, deal.projectId);
    const row = await t.core.db
      .selectFrom('ndas')
      .innerJoin('documentClauses', 'documentClauses.fileSha256', 'ndas.fileSha256')
      .select('documentClauses.clauses')
      .where('ndas.id', '=', nda.id)
      .executeTakeFirst();
    expect(row).toBeDefined();

    const res = await clausesOf(cast.owner, nda.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(row!.clauses);
    const s9 = res.body.find((c) => c.key === 's9')!;
    expect(s9).toMatchObject({ number: '9', heading: 'Governing Law and Jurisdiction', pages: [4] });
    expect(s9.text).toMatch(/^This MNDA and all matters relating hereto are governed by/);
    expect(s9.boxes).toEqual([
      { page: 4, x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) },
    ]);
    expect(res.body.find((c) => c.key === 'h-governing-law-jurisdiction')).toMatchObject({
      number: null,
      heading: 'Governing Law & Jurisdiction',
      pages: [1],
    });

    const twin = await trpcQuery<DocumentClause[]>(t, 'ndas.clauses', { id: nda.id }, authHeader(cast.owner.access));
    expect(twin.status).toBe(200);
    expect(twin.data).toEqual(res.body);

    // A group's copy of the project NDA shares its keys.
    const { group } = await addRecipientsGroup(t, cast.owner, deal.projectId, [recipient('copy')], {
      name: 'Copy',
      inheritNdaFromProject: true,
    });
    const copy = await t.core.db
      .selectFrom('ndas')
      .select('id')
      .where('projectBranchId', '=', group.id)
      .executeTakeFirstOrThrow();
    expect(copy.id).not.toBe(nda.id);
    const copied = await clausesOf(cast.owner, copy.id);
    expect(copied.status).toBe(200);
    expect(copied.body.map((c) => c.key)).toEqual(res.body.map((c) => c.key));
  });

  it('answers a recipient their own sent NDA’s clauses, and 404 for another group’s or a stranger', async () => {
    const own = await clausesOf(cast.signerB, deal.b.ndaId);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(10);
    const other = await clausesOf(cast.signerB, deal.a.ndaId);
    expect(other.status).toBe(404);
    expect((other.body as unknown as { code: string }).code).toBe('not_found');
    expect((await clausesOf(cast.stranger, deal.a.ndaId)).status).toBe(404);
    const anonymous = await clausesOf(null, deal.a.ndaId);
    expect(anonymous.status).toBe(401);
  });
});

describe('a thread’s clause', () => {
  it('is the clause holding its first pointer, else the one holding its quote', async () => {
    const clauses = (await clausesOf(cast.owner, deal.a.ndaId)).body;
    const box = clauses.find((c) => c.key === 's9')!.boxes[0]!;
    const byPointer = await api(t, 'POST', '/projects/comment_threads/', cast.signerA1, {
      nda: deal.a.ndaId,
      text: 'English law, please.',
      pointers: [{ page: box.page, x: box.x + 0.05, y: box.y + box.height / 2 }],
    });
    expect(byPointer.status, JSON.stringify(byPointer.body)).toBe(201);
    expect(byPointer.body.clause).toEqual({ key: 's9', number: '9', heading: 'Governing Law and Jurisdiction' });

    const byQuote = await api(t, 'POST', '/projects/comment_threads/', cast.signerB, {
      nda: deal.b.ndaId,
      text: 'Delaware.',
      pointers: [{ page: 3, x: 0.95, y: 0.97 }],
      quote: 'Governing Law: [California]',
    });
    expect(byQuote.status).toBe(201);
    expect(byQuote.body.clause).toEqual({
      key: 'h-governing-law-jurisdiction',
      number: null,
      heading: 'Governing Law & Jurisdiction',
    });

    const nowhere = await api(t, 'POST', '/projects/comment_threads/', cast.signerB, {
      nda: deal.b.ndaId,
      text: 'A note in the margin.',
      pointers: [{ page: 3, x: 0.98, y: 0.98 }],
    });
    expect(nowhere.body.clause).toBeNull();

    const listed = await api(t, 'GET', `/projects/comment_threads/?nda=${deal.b.ndaId}`, cast.owner);
    expect(listed.status).toBe(200);
    const rows = (listed.body.results ?? listed.body) as Array<{ id: number; clause: unknown }>;
    expect(rows.find((r) => r.id === byQuote.body.id)?.clause).toEqual(byQuote.body.clause);
  });
});

describe('a template’s clauses', () => {
  it('are those of the NDAs made from it, for the company’s team only', async () => {
    const made = await postTemplate(t, cast.owner, 'Mutual NDA', bytesPart('file', fixture('ndas/mutual-nda.pdf')));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const templateId = made.body.id as number;
    const res = await api<DocumentClause[]>(t, 'GET', `/projects/nda_templates/${templateId}/clauses/`, cast.member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.find((c) => c.key === 's9')).toMatchObject({
      number: '9',
      heading: 'Governing Law and Jurisdiction',
    });
    const twin = await trpcQuery<DocumentClause[]>(
      t,
      'templates.clauses',
      { id: templateId },
      authHeader(cast.owner.access),
    );
    expect(twin.data).toEqual(res.body);

    // A project NDA made from the template has the same keys: its playbook applies clause by clause.
    const other = await createDeal(t, cast);
    const nda = await call(t, 'POST', '/projects/nda/', {
      access: cast.owner.access,
      json: { project: other.projectId, name: 'From the template', template: templateId },
    });
    expect(nda.status, JSON.stringify(nda.body)).toBe(201);
    const fromNda = await clausesOf(cast.owner, nda.body.id as number);
    expect(fromNda.body.map((c) => c.key)).toEqual(res.body.map((c) => c.key));

    for (const user of [cast.signerA1, cast.stranger]) {
      const refused = await api(t, 'GET', `/projects/nda_templates/${templateId}/clauses/`, user);
      expect(refused.status, user.email).toBe(404);
      expect(refused.body.code).toBe('not_found');
    }
  });
});
