import { cleanCopy } from '@tests/support/documents.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { type Cast, createCast, createDeal, createThread, type Deal } from '@tests/support/negotiation.js';
import { api, expectStatus, sendToAll } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Recall, replace, restore tell one story: a recalled group NDA given a new document is a new NDA for
// the group, ready to send (no old threads, passes cleared); a recalled NDA restored is the same NDA
// back with its recipients.

let t: TestApp;
let cast: Cast;
let deal: Deal;
const NEW_PDF = fixture('pdfs/normal.pdf');

const patchNda = (id: number, json: Record<string, unknown>) =>
  api(t, 'PATCH', `/projects/nda/${id}/`, cast.owner, { json });
const replaceFile = (id: number) =>
  api(t, 'PATCH', `/projects/nda/${id}/`, cast.owner, {
    form: [{ name: 'file', file: { filename: 'revised.pdf', contentType: 'application/pdf', body: NEW_PDF } }],
  });

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t, { signersReady: true });
  deal = await createDeal(t, cast);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

describe('replacing the document of a recalled group NDA', () => {
  let fresh: { id: number; isSent: boolean; isRecalled: boolean; name: string; projectBranch: number };

  beforeAll(async () => {
    expectStatus(await createThread(t, cast.signerA1, deal.a.ndaId, 'Clause 2 is too wide.'), 201);
    const pass = await api(
      t,
      'POST',
      `/projects/dashboard/${deal.a.signerships[cast.signerA2.id]}/reject/`,
      cast.signerA2,
      {
        json: { reason: 'Not at this price.' },
      },
    );
    expectStatus(pass, 200);
    expectStatus(await patchNda(deal.a.ndaId, { is_recalled: true }), 200);
    const res = await replaceFile(deal.a.ndaId);
    expectStatus(res, 200);
    fresh = res.body;
  });

  it('gives the group a new NDA, not sent and not recalled, under a new id', async () => {
    expect(fresh).toMatchObject({
      name: 'Mutual NDA',
      isSent: false,
      isRecalled: false,
      projectBranch: deal.a.branchId,
    });
    expect(fresh.id).not.toBe(deal.a.ndaId);
    expectStatus(await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/`, cast.owner), 404);
    const branch = await api(t, 'GET', `/projects/project_branches/${deal.a.branchId}/`, cast.owner);
    expect(branch.body.nda).toMatchObject({ id: fresh.id, isSent: false, isRecalled: false });
    const pdf = await api(t, 'GET', `/projects/nda/${fresh.id}/get_nda_pdf/`, cast.owner);
    expect(Buffer.compare(pdf.raw, await cleanCopy(NEW_PDF))).toBe(0);
  });

  it('leaves the old document’s threads behind and asks the recipients afresh', async () => {
    const threads = await api(t, 'GET', `/projects/comment_threads/?nda=${fresh.id}&limit=-1`, cast.owner);
    expectStatus(threads, 200);
    expect(threads.body.results ?? threads.body).toHaveLength(0);
    const branch = await api(t, 'GET', `/projects/project_branches/${deal.a.branchId}/`, cast.owner);
    expect(branch.body.passed).toBe(false);
    expect(branch.body.signerships.map((s: { rejected: boolean }) => s.rejected)).toEqual([false, false]);
  });

  it('is sent like any new NDA, and its recipients then read the new document', async () => {
    expectStatus(await api(t, 'GET', `/projects/nda/${fresh.id}/get_nda_pdf/`, cast.signerA1), 404);
    const sent = await sendToAll(t, cast.owner, deal.a.branchId);
    expectStatus(sent, 200);
    expect(sent.body.nda).toMatchObject({ id: fresh.id, isSent: true, isRecalled: false });
    const pdf = await api(t, 'GET', `/projects/nda/${fresh.id}/get_nda_pdf/`, cast.signerA1);
    expect(pdf.status).toBe(200);
    expect(Buffer.compare(pdf.raw, await cleanCopy(NEW_PDF))).toBe(0);
    expectStatus(await createThread(t, cast.signerA2, fresh.id, 'Now we can talk.'), 201);
  });
});

describe('restoring a recalled NDA', () => {
  it('puts the same NDA back with its recipients, sent as before', async () => {
    expectStatus(await patchNda(deal.b.ndaId, { is_recalled: true }), 200);
    expectStatus(await api(t, 'GET', `/projects/nda/${deal.b.ndaId}/get_nda_pdf/`, cast.signerB), 403);
    const restored = await patchNda(deal.b.ndaId, { is_recalled: false });
    expectStatus(restored, 200);
    expect(restored.body).toMatchObject({ id: deal.b.ndaId, isSent: true, isRecalled: false });
    expect((await api(t, 'GET', `/projects/nda/${deal.b.ndaId}/get_nda_pdf/`, cast.signerB)).status).toBe(200);
  });

  it('replacing the document of an NDA that was never sent keeps it in place', async () => {
    const draft = await createDeal(t, cast, { sentA: false, name: 'Project Osprey' });
    const res = await replaceFile(draft.a.ndaId);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: draft.a.ndaId, isSent: false });
  });
});
