import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import { fixture, pngBytes } from '@tests/support/account-area.js';
import { cleanCopy } from '@tests/support/documents.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  type Cast,
  connected,
  createDeal,
  type Deal,
  eventRows,
  negotiationSetup,
  nextMessage,
  openNda,
  openSocket,
  record,
  subscribe,
} from '@tests/support/negotiation.js';
import { api, expectStatus } from '@tests/support/projects.js';

// Deal documents in stages: POST/GET /projects/projects/{id}/documents/, GET/PATCH/DELETE .../{docId}/,
// GET .../{docId}/file/, POST .../{docId}/release/ and the dealDocuments tRPC twins (server/rest/
// deal-documents.ts, commands/deal-documents, policies/deal-documents.ts). Each rule releases a document
// to a group at its moment (the NDA sent, the bidder's signature, execution, by hand); a bidder lists
// and downloads only what reached their group, and never learns the title of anything else.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const sockets: Socket[] = [];
const docs: Record<'invitation' | 'signed' | 'executed' | 'manual', number> = {
  invitation: 0,
  signed: 0,
  executed: 0,
  manual: 0,
};
// Unique markers in the titles, searched for in everything a bidder receives.
const title = (rule: string) => `Marker-${rule}-7f3a`;

negotiationSetup({ listen: true, signersReady: true, sockets }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
  // Group A signs, then waits for a countersignature; group B's NDA is executed at its signature.
  expectStatus(
    await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      json: { countersignature: 'manual' },
    }),
    200,
  );
});

const base = () => `/projects/projects/${deal.projectId}/documents`;
const list = (user: TestUser) => api(t, 'GET', `${base()}/`, user);
const titles = async (user: TestUser) =>
  ((await list(user)).body.results as Array<{ title: string }>).map((d) => d.title);
const upload = (user: TestUser, docTitle: string, release?: string, file = 'pdfs/normal.pdf') =>
  api(t, 'POST', `${base()}/`, user, {
    form: [
      { name: 'title', value: docTitle },
      ...(release ? [{ name: 'release', value: release }] : []),
      { name: 'file', file: { filename: 'Deal doc.pdf', contentType: 'application/pdf', body: fixture(file) } },
    ],
  });
const sign = (user: TestUser, signership: number, path = 'sign') =>
  api(t, 'POST', `/projects/dashboard/${signership}/${path}/`, user, { json: { consent: true } });
const releasedEvents = async () =>
  (await eventRows(t, deal.projectId, 'document_released')).map((e) => ({
    branch: e.projectBranchId,
    document: e.subjectId,
    author: e.authorId,
  }));

describe('adding deal documents', () => {
  it('the owner adds one per rule, checked by content and stored as a clean copy; the default rule is signed', async () => {
    for (const rule of ['invitation', 'signed', 'executed', 'manual'] as const) {
      const res = await upload(cast.owner, title(rule), rule === 'signed' ? undefined : rule);
      expectStatus(res, 201);
      expect(res.body).toMatchObject({ title: title(rule), release: rule, kind: null, fileName: 'Deal doc.pdf' });
      docs[rule] = res.body.id;
    }
    const file = await api(t, 'GET', `${base()}/${docs.signed}/file/`, cast.manager);
    expectStatus(file, 200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.raw, await cleanCopy(fixture('pdfs/normal.pdf')))).toBe(0);
  });

  it('refuses a file that is not a document, a missing title and an unknown rule (400)', async () => {
    const png = await api(t, 'POST', `${base()}/`, cast.owner, {
      form: [
        { name: 'title', value: 'Picture' },
        { name: 'file', file: { filename: 'x.pdf', contentType: 'application/pdf', body: pngBytes() } },
      ],
    });
    expectStatus(png, 400);
    expect(Object.keys(png.body)).toContain('file');
    const noTitle = await upload(cast.owner, '');
    expectStatus(noTitle, 400);
    expect(noTitle.body.title).toBeDefined();
    const badRule = await upload(cast.owner, 'Letter', 'whenever');
    expectStatus(badRule, 400);
    expect(badRule.body.release).toBeDefined();
    // A JSON body, as other forms take their fields: no file, so a 400 on the file, not the parser's 406.
    const json = await api(t, 'POST', `${base()}/`, cast.owner, { json: { title: 'Letter', release: 'manual' } });
    expectStatus(json, 400);
    expect(Object.keys(json.body)).toContain('file');
  });

  it('a bidder may not add, change, release or delete (403); a stranger sees nothing (404)', async () => {
    expectStatus(await upload(cast.signerA1, 'Mine'), 403);
    expectStatus(await api(t, 'PATCH', `${base()}/${docs.invitation}/`, cast.signerA1, { json: { title: 'x' } }), 403);
    expectStatus(await api(t, 'DELETE', `${base()}/${docs.invitation}/`, cast.signerA1), 403);
    expectStatus(
      await api(t, 'POST', `${base()}/${docs.invitation}/release/`, cast.signerA1, {
        json: { projectBranch: deal.a.branchId },
      }),
      403,
    );
    expectStatus(await list(cast.stranger), 404);
    expectStatus(await upload(cast.stranger, 'Theirs'), 404);
  });
});

describe('release rules', () => {
  it('on invitation: a group whose NDA is out gets it at once, with its release time', async () => {
    expect(await titles(cast.signerA1)).toEqual([title('invitation')]);
    expect(await titles(cast.signerB)).toEqual([title('invitation')]);
    const [doc] = (await list(cast.signerA1)).body.results;
    expect(doc).toMatchObject({ id: docs.invitation, releases: [] });
    expect(Number.isNaN(Date.parse(doc.releasedAt))).toBe(false);
    expect(await releasedEvents()).toEqual(
      expect.arrayContaining([
        { branch: deal.a.branchId, document: docs.invitation, author: null },
        { branch: deal.b.branchId, document: docs.invitation, author: null },
      ]),
    );
  });

  it('a bidder gets 404 for each document not released to them, by every door, and no unreleased title', async () => {
    for (const rule of ['signed', 'executed', 'manual'] as const) {
      expectStatus(await api(t, 'GET', `${base()}/${docs[rule]}/`, cast.signerA1), 404);
      expectStatus(await api(t, 'GET', `${base()}/${docs[rule]}/file/`, cast.signerA1), 404);
      const rpc = await trpcQuery(
        t,
        'dealDocuments.get',
        { project: deal.projectId, document: docs[rule] },
        authHeader(cast.signerA1.access),
      );
      expect(rpc.error).toBeDefined();
      expect(rpc.data).toBeUndefined();
      expect(JSON.stringify(rpc)).not.toContain('Marker-');
    }
    const rpcList = await trpcQuery(
      t,
      'dealDocuments.list',
      { project: deal.projectId },
      authHeader(cast.signerB.access),
    );
    expect(rpcList.data.map((d: { title: string }) => d.title)).toEqual([title('invitation')]);
    const body = JSON.stringify((await list(cast.signerA1)).body);
    for (const rule of ['signed', 'executed', 'manual']) expect(body).not.toContain(title(rule));
  });

  it('by hand: the group released to gets it, live, with an event by the manager; others do not', async () => {
    const s = openSocket(url, cast.signerA1.access, sockets);
    await connected(s);
    expect(await subscribe(s, { projectId: deal.projectId })).toMatchObject({ ok: true });
    const other = openSocket(url, cast.signerB.access, sockets);
    await connected(other);
    await subscribe(other, { projectId: deal.projectId });
    const otherLog = record(other, ['document.released', 'event.created']);
    const live = nextMessage<{ document: { id: number; releasedAt: string } }>(
      s,
      'document.released',
      (m) => m.document.id === docs.manual,
    );
    const res = await trpcMutation(
      t,
      'dealDocuments.release',
      { project: deal.projectId, document: docs.manual, projectBranch: deal.a.branchId },
      authHeader(cast.manager.access),
    );
    expect(res.error).toBeUndefined();
    expect(res.data.releases).toEqual([{ projectBranch: deal.a.branchId, releasedAt: expect.any(String) }]);
    const message = await live;
    expect(message).toMatchObject({
      project: deal.projectId,
      projectBranch: deal.a.branchId,
      document: { title: title('manual'), releases: [] },
    });
    expect(Number.isNaN(Date.parse(message.document.releasedAt))).toBe(false);
    expect(await titles(cast.signerA2)).toEqual([title('invitation'), title('manual')]);
    expect(await titles(cast.signerB)).toEqual([title('invitation')]);
    expect(await releasedEvents()).toContainEqual({
      branch: deal.a.branchId,
      document: docs.manual,
      author: cast.manager.id,
    });
    // Releasing again changes nothing; an unknown group or one of another project is refused.
    const again = await api(t, 'POST', `${base()}/${docs.manual}/release/`, cast.owner, {
      json: { projectBranch: deal.a.branchId },
    });
    expectStatus(again, 200);
    expect((await releasedEvents()).filter((e) => e.document === docs.manual)).toHaveLength(1);
    const wrong = await api(t, 'POST', `${base()}/${docs.manual}/release/`, cast.owner, {
      json: { projectBranch: 999999 },
    });
    expectStatus(wrong, 400);
    expect(wrong.body.projectBranch).toBeDefined();
    // Group B's bidder heard nothing of it.
    expect(JSON.stringify(otherLog)).not.toContain('Marker-manual');
  });

  it('on signature: the bidder’s own signature releases it, before the countersignature', async () => {
    expectStatus(await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!), 200);
    expect(await titles(cast.signerA1)).toEqual([title('invitation'), title('signed'), title('manual')]);
    expectStatus(await api(t, 'GET', `${base()}/${docs.executed}/file/`, cast.signerA1), 404);
    expect(await releasedEvents()).toContainEqual({ branch: deal.a.branchId, document: docs.signed, author: null });
  });

  it('on execution: the countersignature releases it', async () => {
    await openNda(t, cast.owner, deal.a.ndaId);
    expectStatus(await sign(cast.owner, deal.a.signerships[cast.signerA1.id]!, 'countersign'), 200);
    expect(await titles(cast.signerA2)).toEqual([
      title('invitation'),
      title('signed'),
      title('executed'),
      title('manual'),
    ]);
    expectStatus(await api(t, 'GET', `${base()}/${docs.executed}/file/`, cast.signerA2), 200);
    expect(await releasedEvents()).toContainEqual({ branch: deal.a.branchId, document: docs.executed, author: null });
    expect(await titles(cast.signerB)).toEqual([title('invitation')]);
  });

  it('the sending team sees every document and the groups each has reached', async () => {
    const res = await list(cast.owner);
    const byId = new Map(
      (res.body.results as Array<{ id: number; releases: Array<{ projectBranch: number }> }>).map((d) => [d.id, d]),
    );
    expect(byId.get(docs.invitation)!.releases.map((r) => r.projectBranch)).toEqual([deal.a.branchId, deal.b.branchId]);
    expect(byId.get(docs.executed)!.releases.map((r) => r.projectBranch)).toEqual([deal.a.branchId]);
    expect(byId.get(docs.manual)!.releases.map((r) => r.projectBranch)).toEqual([deal.a.branchId]);
  });

  it('a rule changed to one already met releases the document at once', async () => {
    const res = await api(t, 'PATCH', `${base()}/${docs.manual}/`, cast.owner, {
      json: { release: 'invitation', title: 'Process letter' },
    });
    expectStatus(res, 200);
    expect(await titles(cast.signerB)).toEqual([title('invitation'), 'Process letter']);
    expect(await releasedEvents()).toContainEqual({ branch: deal.b.branchId, document: docs.manual, author: null });
  });

  it('deleting a document takes it from every bidder', async () => {
    expectStatus(await api(t, 'DELETE', `${base()}/${docs.manual}/`, cast.owner), 204);
    expect(await titles(cast.signerB)).toEqual([title('invitation')]);
    expectStatus(await api(t, 'GET', `${base()}/${docs.manual}/`, cast.owner), 404);
  });
});

describe('the teaser and the CIM', () => {
  it('are two deal documents: the teaser on signature (or on invitation with send_teaser), the CIM as releaseDocumentsOn says', async () => {
    const form = ['teaser', 'cim'].map((name) => ({
      name,
      file: { filename: `${name}.pdf`, contentType: 'application/pdf', body: fixture('pdfs/normal.pdf') },
    }));
    expectStatus(await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, { form }), 200);
    const team = (await list(cast.owner)).body.results as Array<{
      kind: string | null;
      title: string;
      release: string;
    }>;
    expect(team.filter((d) => d.kind)).toEqual([
      expect.objectContaining({ kind: 'teaser', title: 'Teaser', release: 'signed' }),
      expect.objectContaining({ kind: 'cim', title: 'CIM', release: 'executed' }),
    ]);
    // Group A signed: the teaser is theirs; its NDA is executed: the CIM too. Group B has neither yet.
    expect(await titles(cast.signerA1)).toEqual(expect.arrayContaining(['Teaser', 'CIM']));
    expect(await titles(cast.signerB)).not.toContain('Teaser');
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${deal.b.branchId}/`, cast.owner, {
        json: { send_teaser: true },
      }),
      200,
    );
    expect(await titles(cast.signerB)).toContain('Teaser');
    expectStatus(await api(t, 'GET', `/projects/projects/${deal.projectId}/get_teaser_pdf/`, cast.signerB), 200);
    expectStatus(await api(t, 'GET', `/projects/projects/${deal.projectId}/get_cim_pdf/`, cast.signerB), 404);
    // The CIM's rule and the project's releaseDocumentsOn are one setting.
    const cim = team.find((d) => d.kind === 'cim') as unknown as { id: number };
    expectStatus(await api(t, 'PATCH', `${base()}/${cim.id}/`, cast.owner, { json: { release: 'signed' } }), 200);
    const project = await t.core.db
      .selectFrom('projects')
      .select('releaseDocumentsOn')
      .where('id', '=', deal.projectId)
      .executeTakeFirstOrThrow();
    expect(project.releaseDocumentsOn).toBe('recipient_signed');
  });
});
