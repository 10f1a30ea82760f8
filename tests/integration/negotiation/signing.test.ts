import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@shared/negotiation.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  createNamedSigner,
  createThread,
  type Deal,
  eventRows,
  insertGroup,
  makeReadyToSign,
  negotiate,
  negotiationSetup,
  nextMessage,
  nonField,
  openSocket,
  type Res,
  setNda,
  subscribe,
  threadBy,
} from '@tests/support/negotiation.js';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfsig, pdfText } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';

// Signing by signership id (GET /projects/dashboard/{id}/sign/ and .../reject/): the signed PDF is
// built in a worker, sealed, stored, and committed once under a lock on the NDA.

let t: TestApp;
let url: string;
let cast: Cast;
let unready: TestUser;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: true, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  // A signer registered with a company but with no address and no signature yet.
  unready = await createNamedSigner(t, cast.owner, 'Una', 'Unready', 'Unready Ventures');
});

const sign = (user: TestUser | null, signership: number) =>
  api(t, 'GET', `/projects/dashboard/${signership}/sign/`, user);
const pass = (user: TestUser | null, signership: number) =>
  api(t, 'GET', `/projects/dashboard/${signership}/reject/`, user);
const ndaOf = (id: number) => t.core.db.selectFrom('ndas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The signed files stored for an NDA (the local blob store of the test app). */
function signedBlobs(ndaId: number): string[] {
  const dir = path.join(t.config.dataDir, 'blobs', 'ndas', String(ndaId));
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /^signed-.*\.pdf$/.test(f));
}

describe('signing (GET /projects/dashboard/{signershipId}/sign/)', () => {
  let deal: Deal;
  let answer: Res;
  let signedPdf: Buffer;
  let threadText: string;

  beforeAll(async () => {
    deal = await createDeal(t, cast);
    threadText = 'Clause 9: the term should be two years.';
    const thread = await threadBy(t, cast.owner, deal.a.ndaId, threadText);
    expectStatus(await negotiate(t, cast.signerA1, thread, 'approve'), 200);
    expectStatus(await negotiate(t, cast.owner, thread, 'approve'), 200);
  });

  it('signs the NDA: the row is signed with its signed file, one nda_signed event, a live nda.signed', async () => {
    const owner = openSocket(url, cast.owner.access, open);
    await connected(owner);
    expect((await subscribe(owner, { projectId: deal.projectId })).ok).toBe(true);
    const live = nextMessage(owner, 'nda.signed', (m) => m.nda === deal.a.ndaId, 30_000);

    const signership = deal.a.signerships[cast.signerA1.id]!;
    answer = await sign(cast.signerA1, signership);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      nda: deal.a.ndaId,
      isSigned: true,
      signedAt: expect.any(String),
      signedBy: cast.signerA1.id,
      // Executed at once: the sending side signs automatically, nothing awaits a countersignature.
      recipientSignedAt: null,
      // What the public verify page matches: the SHA-256 of the signed file as stored.
      signedSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The rest of the answer is the NDA as its read presents it (the client caches it as it is).
    const read = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/`, cast.signerA1);
    expectStatus(read, 200);
    expect(answer.body).toEqual({ ...read.body, nda: deal.a.ndaId });
    expect(answer.body.file).toMatch(/-signed$/);

    const row = await ndaOf(deal.a.ndaId);
    expect(row).toMatchObject({
      isSigned: true,
      signedById: cast.signerA1.id,
      signedFileKey: expect.stringMatching(new RegExp(`^ndas/${deal.a.ndaId}/signed-`)),
      signedSha256: answer.body.signedSha256,
    });
    expect(row.signedAt?.toISOString()).toBe(answer.body.signedAt);
    const ship = await t.core.db
      .selectFrom('signerships')
      .selectAll()
      .where('id', '=', signership)
      .executeTakeFirstOrThrow();
    expect(ship.signedAt?.toISOString()).toBe(answer.body.signedAt);

    const events = await eventRows(t, deal.projectId, 'nda_signed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      authorId: cast.signerA1.id,
      projectBranchId: deal.a.branchId,
      ndaId: deal.a.ndaId,
    });
    expect(await live).toMatchObject({
      nda: deal.a.ndaId,
      project: deal.projectId,
      projectBranch: deal.a.branchId,
      signership,
      isSigned: true,
      signedBy: cast.signerA1.id,
    });

    // The other group's NDA is untouched.
    expect((await ndaOf(deal.b.ndaId)).isSigned).toBe(false);

    const blob = await t.core.blobs.get(row.signedFileKey!);
    expect(blob).not.toBeNull();
    signedPdf = blob!.body;
    expect(signedPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('stores a PDF with the original’s pages, then the signature page, the agreed amendments and the certificate', async () => {
    const original = (await t.core.blobs.get((await ndaOf(deal.a.ndaId)).fileKey))!.body;
    const before = await PDFDocument.load(original);
    const after = await PDFDocument.load(signedPdf);
    expect(before.getPageCount()).toBe(4);
    // The certificate runs over as many pages as its record needs (one at least).
    expect(after.getPageCount()).toBeGreaterThanOrEqual(before.getPageCount() + 3);
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    "shows both parties' names, the negotiated thread and 'Certificate of signature' (pdftotext)",
    () => {
      const text = pdfText(signedPdf);
      expect(text).toContain('Certificate of signature');
      for (const part of [
        'Olivia Owner',
        'Alice Acquirer',
        'Adviser Partners LLP',
        'Buyer A Capital',
        cast.signerA1.email,
        threadText,
        `NDA-${deal.a.ndaId}`,
      ])
        expect(text).toContain(part);
      expect(text).toContain('Agreed by both parties');
    },
  );

  it.skipIf(!HAS_PDFSIG)(
    'is sealed: pdfsig says the signature is valid, and not once a byte outside the signature is changed',
    () => {
      const good = pdfsig(signedPdf);
      expect(good).toContain('Signature is Valid');
      expect(good).toContain('Total document signed');

      const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(signedPdf.toString('latin1'));
      expect(range).not.toBeNull();
      const [, , contentsStart, contentsEnd] = range!.map(Number) as [number, number, number, number, number];
      // The middle of the file, unless that is inside the /Contents hex: then the middle of what precedes it.
      let at = Math.floor(signedPdf.length / 2);
      if (at >= contentsStart && at < contentsEnd) at = Math.floor(contentsStart / 2);
      const tampered = Buffer.from(signedPdf);
      tampered[at] = tampered[at]! ^ 0x01;
      const bad = pdfsig(tampered);
      expect(bad).not.toContain('Signature is Valid');
      // Still a readable PDF whose seal no longer matches its bytes.
      expect(bad).toMatch(/Digest Mismatch|Signature is Invalid/);
    },
  );

  it('answers the same result to a second signature, with no second event and no second file', async () => {
    const again = await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!);
    expectStatus(again, 200);
    expect(again.body).toEqual(answer.body);
    // Another signer of the group gets the signed NDA as it is.
    const other = await sign(cast.signerA2, deal.a.signerships[cast.signerA2.id]!);
    expectStatus(other, 200);
    expect(other.body).toEqual(answer.body);
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(1);
    expect(signedBlobs(deal.a.ndaId)).toHaveLength(1);
  });

  it('refuses threads, comments, pointers and negotiation once signed', async () => {
    const thread = (
      await t.core.db
        .selectFrom('commentThreads')
        .select('id')
        .where('ndaId', '=', deal.a.ndaId)
        .executeTakeFirstOrThrow()
    ).id;
    for (const user of [cast.owner, cast.signerA1]) {
      const created = await createThread(t, user, deal.a.ndaId);
      expectStatus(created, 400);
      expect(nonField(created)).toBe(THREAD_MESSAGES.closed);
      const reply = await api(t, 'POST', '/projects/comments/', user, {
        comment_thread: thread,
        text: 'After signing',
      });
      expectStatus(reply, 400);
      expect(nonField(reply)).toBe(THREAD_MESSAGES.closed);
    }
    const pointer = await api(t, 'POST', '/projects/pointers/', cast.owner, {
      comment_thread: thread,
      page: 1,
      x: 0.5,
      y: 0.5,
    });
    expectStatus(pointer, 400);
    // A second thread, rejected by both before signing (a settled thread an approval could reopen),
    // cannot be negotiated afterwards either.
    const d = await createDeal(t, cast);
    const open2 = await threadBy(t, cast.owner, d.a.ndaId, 'Rejected by both when signed');
    expectStatus(await negotiate(t, cast.signerA1, open2, 'reject'), 200);
    expectStatus(await negotiate(t, cast.owner, open2, 'reject'), 200);
    expectStatus(await sign(cast.signerA2, d.a.signerships[cast.signerA2.id]!), 200);
    for (const [user, move] of [
      [cast.signerA1, 'approve'],
      [cast.signerA2, 'reject'],
      [cast.owner, 'approve'],
    ] as const) {
      const res = await negotiate(t, user, open2, move);
      expectStatus(res, 400);
      expect(nonField(res)).toBe(REFUSAL_MESSAGES.nda_closed);
    }
  });

  it('refuses to pass on a signed NDA', async () => {
    const res = await pass(cast.signerA2, deal.a.signerships[cast.signerA2.id]!);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(SIGNING_MESSAGES.alreadySigned);
  });
});

describe('two signers of one group signing at once', () => {
  it('signs once: one signed NDA, one event, one stored file, the same answer to both', async () => {
    const deal = await createDeal(t, cast);
    const [first, second] = await Promise.all([
      sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!),
      sign(cast.signerA2, deal.a.signerships[cast.signerA2.id]!),
    ]);
    expectStatus(first, 200);
    expectStatus(second, 200);
    expect(second.body).toEqual(first.body);
    expect([cast.signerA1.id, cast.signerA2.id]).toContain(first.body.signedBy);
    const events = await eventRows(t, deal.projectId, 'nda_signed');
    expect(events).toHaveLength(1);
    expect(events[0]!.authorId).toBe(first.body.signedBy);
    const row = await ndaOf(deal.a.ndaId);
    expect(row.signedById).toBe(first.body.signedBy);
    expect(signedBlobs(deal.a.ndaId)).toEqual([path.basename(row.signedFileKey!)]);
    // Only the winner's signership carries the signature.
    const ships = await t.core.db
      .selectFrom('signerships')
      .selectAll()
      .where('projectBranchId', '=', deal.a.branchId)
      .execute();
    expect(ships.filter((s) => s.signedAt).map((s) => s.userId)).toEqual([first.body.signedBy]);
  });

  it('signs once when the same signer signs twice at once', async () => {
    const deal = await createDeal(t, cast);
    const id = deal.a.signerships[cast.signerA1.id]!;
    const answers = await Promise.all([sign(cast.signerA1, id), sign(cast.signerA1, id), sign(cast.signerA1, id)]);
    for (const a of answers) expectStatus(a, 200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(1);
    expect(signedBlobs(deal.a.ndaId)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it("asks for the company's address, then for a saved signature, then signs", async () => {
    const deal = await createDeal(t, cast);
    const group = await insertGroup(t, deal.projectId, [unready], { name: 'Late group' });
    const id = group.signerships[unready.id]!;

    const noAddress = await sign(unready, id);
    expectStatus(noAddress, 400);
    expect(nonField(noAddress)).toBe(SIGNING_MESSAGES.companyDetails);

    await makeReadyToSign(t, unready, { address: true, signature: false });
    const noSignature = await sign(unready, id);
    expectStatus(noSignature, 400);
    expect(nonField(noSignature)).toBe('add signature before signing');
    expect((await ndaOf(group.ndaId)).isSigned).toBe(false);
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(0);

    await makeReadyToSign(t, unready, { address: false, signature: true });
    const signed = await sign(unready, id);
    expectStatus(signed, 200);
    expect(signed.body.signedBy).toBe(unready.id);
  });

  it('refuses a recalled NDA', async () => {
    const deal = await createDeal(t, cast);
    await setNda(t, deal.a.ndaId, { isRecalled: true });
    const res = await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(SIGNING_MESSAGES.recalled);
    const row = await ndaOf(deal.a.ndaId);
    expect(row).toMatchObject({ isSigned: false, signedFileKey: null });
    expect(signedBlobs(deal.a.ndaId)).toEqual([]);
  });

  it("answers 404 to another group's signer, the owner, a team member and another company, 401 without a token", async () => {
    const deal = await createDeal(t, cast);
    const id = deal.a.signerships[cast.signerA1.id]!;
    for (const user of [cast.signerB, cast.owner, cast.manager, cast.member, cast.stranger, cast.signerA2]) {
      const res = await sign(user, id);
      expect(res.status, `${user.email}: ${JSON.stringify(res.body)}`).toBe(404);
      expect((await pass(user, id)).status).toBe(404);
    }
    expectStatus(await sign(null, id), 401);
    expectStatus(await sign(cast.signerA1, 2_000_000_000), 404);
    expect((await ndaOf(deal.a.ndaId)).isSigned).toBe(false);
  });

  it('answers 404 for an NDA that has not been sent', async () => {
    const deal = await createDeal(t, cast, { sentA: false });
    expectStatus(await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!), 404);
  });

  it('says so when the sending company has no saved signature', async () => {
    const deal = await createDeal(t, cast, { owner: cast.stranger });
    const res = await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(SIGNING_MESSAGES.senderSignature);
  });
});

describe('passing on the opportunity (GET /projects/dashboard/{signershipId}/reject/)', () => {
  it('records nda_rejected once, then refuses signing', async () => {
    const deal = await createDeal(t, cast);
    const id = deal.a.signerships[cast.signerA1.id]!;
    const first = await pass(cast.signerA1, id);
    expectStatus(first, 200);
    expect(first.body).toEqual({ signership: id, rejectedAt: expect.any(String), reason: null });
    const again = await pass(cast.signerA1, id);
    expectStatus(again, 200);
    expect(again.body).toEqual(first.body);

    const events = await eventRows(t, deal.projectId, 'nda_rejected');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      authorId: cast.signerA1.id,
      projectBranchId: deal.a.branchId,
      ndaId: deal.a.ndaId,
    });

    const res = await sign(cast.signerA1, id);
    expectStatus(res, 400);
    expect(nonField(res)).toBe('You have passed on this opportunity.');
    expect((await ndaOf(deal.a.ndaId)).isSigned).toBe(false);
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(0);
  });
});

describe('the tRPC twins', () => {
  it('signing.pass and signing.sign act by signership like the REST calls', async () => {
    const deal = await createDeal(t, cast);
    const passed = await trpcMutation(
      t,
      'signing.pass',
      { signership: deal.a.signerships[cast.signerA2.id] },
      authHeader(cast.signerA2.access),
    );
    expect(passed.status, JSON.stringify(passed.error)).toBe(200);
    const refused = await trpcMutation(
      t,
      'signing.sign',
      { signership: deal.a.signerships[cast.signerA2.id] },
      authHeader(cast.signerA2.access),
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.data.body.nonFieldErrors).toEqual([SIGNING_MESSAGES.passed]);
    const hidden = await trpcMutation(
      t,
      'signing.sign',
      { signership: deal.a.signerships[cast.signerA1.id] },
      authHeader(cast.owner.access),
    );
    expect(hidden.status).toBe(404);

    const signed = await trpcMutation(
      t,
      'signing.sign',
      { signership: deal.b.signerships[cast.signerB.id] },
      authHeader(cast.signerB.access),
    );
    expect(signed.status, JSON.stringify(signed.error)).toBe(200);
    expect(signed.data).toMatchObject({ nda: deal.b.ndaId, isSigned: true, signedBy: cast.signerB.id });
    expect((await ndaOf(deal.a.ndaId)).isSigned).toBe(false);
  });
});

describe('the company given with the signature (one call from the signing form)', () => {
  const company = (user: TestUser) =>
    t.core.db.selectFrom('companies').selectAll().where('id', '=', user.user.company!).executeTakeFirstOrThrow();

  it('REST: saves the company as the company update does, stamps it and answers the NDA as its read does', async () => {
    const signer = await createNamedSigner(t, cast.owner, 'Carla', 'Company', 'Old Name Ventures');
    await makeReadyToSign(t, signer);
    const deal = await createDeal(t, { ...cast, signerA1: signer });
    const res = await api(t, 'POST', `/projects/dashboard/${deal.a.signerships[signer.id]}/sign/`, signer, {
      consent: true,
      name: '  Harbour Capital Partners  ',
      address: '9 Quay Road, Leith',
      registration_number: 'SC-778899',
    });
    expectStatus(res, 200);
    // A full update: the name trimmed, the VAT left out cleared.
    expect(await company(signer)).toMatchObject({
      name: 'Harbour Capital Partners',
      address: '9 Quay Road, Leith',
      registrationNumber: 'SC-778899',
      vat: '',
    });
    const read = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/`, signer);
    expectStatus(read, 200);
    expect(res.body).toEqual({ ...read.body, nda: deal.a.ndaId });
    expect(res.body).toMatchObject({ isSigned: true, signedBy: signer.id, recipientSignedAt: null });
    const row = await ndaOf(deal.a.ndaId);
    const pdf = (await t.core.blobs.get(row.signedFileKey!))!.body;
    if (HAS_PDFTOTEXT) {
      const text = pdfText(pdf);
      expect(text).toContain('Harbour Capital Partners');
      expect(text).toContain('9 Quay Road, Leith');
      expect(text).not.toContain('Old Name Ventures');
    }
  });

  it('REST: refuses company fields the company update refuses, with its field messages, and signs nothing', async () => {
    const signer = await createNamedSigner(t, cast.owner, 'Dora', 'Details', 'Dora Holdings');
    await makeReadyToSign(t, signer);
    const deal = await createDeal(t, { ...cast, signerA1: signer });
    const before = await company(signer);
    const id = deal.a.signerships[signer.id]!;

    const missing = await api(t, 'POST', `/projects/dashboard/${id}/sign/`, signer, { name: 'Dora Holdings II' });
    expectStatus(missing, 400);
    expect(missing.body.code).toBe('invalid_input');
    expect(missing.body.address).toEqual(['Address is required']);
    expect(missing.body.name).toBeUndefined();

    const blank = await api(t, 'POST', `/projects/dashboard/${id}/sign/`, signer, {
      name: '   ',
      address: '1 Long Lane',
      vat: 'x'.repeat(65),
    });
    expectStatus(blank, 400);
    expect(blank.body.code).toBe('invalid_input');
    expect(blank.body.name).toEqual(['Company name is required']);
    expect(blank.body.vat).toHaveLength(1);

    expect(await company(signer)).toEqual(before);
    expect((await ndaOf(deal.a.ndaId)).isSigned).toBe(false);
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(0);
  });

  it('tRPC: signing.sign takes the same fields and answers the NDA as ndas.get does', async () => {
    const signer = await createNamedSigner(t, cast.owner, 'Tess', 'Twin', 'Twin Old Ltd');
    await makeReadyToSign(t, signer);
    const deal = await createDeal(t, { ...cast, signerA1: signer });
    const refused = await trpcMutation(
      t,
      'signing.sign',
      { signership: deal.a.signerships[signer.id], consent: true, address: '4 Mill Street' },
      authHeader(signer.access),
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.data.body).toMatchObject({ code: 'invalid_input', name: ['Company name is required'] });

    const signed = await trpcMutation(
      t,
      'signing.sign',
      {
        signership: deal.a.signerships[signer.id],
        consent: true,
        jobTitle: 'Partner',
        name: 'Twin New Ltd',
        address: '4 Mill Street',
        registrationNumber: '',
        vat: 'GB123',
      },
      authHeader(signer.access),
    );
    expect(signed.status, JSON.stringify(signed.error)).toBe(200);
    expect(await company(signer)).toMatchObject({ name: 'Twin New Ltd', address: '4 Mill Street', vat: 'GB123' });
    const read = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/`, signer);
    expect(signed.data).toEqual({ ...read.body, nda: deal.a.ndaId });
    if (HAS_PDFTOTEXT) {
      const text = pdfText((await t.core.blobs.get((await ndaOf(deal.a.ndaId)).signedFileKey!))!.body);
      expect(text).toContain('Twin New Ltd');
      expect(text).toContain('4 Mill Street');
    }
  });
});
