import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import { NEGOTIATION_STATUSES } from '@shared/negotiation.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import {
  api,
  type Cast,
  createDeal,
  openNda,
  type Deal,
  eventRows,
  negotiationSetup,
  nonField,
  somewhere,
} from '@tests/support/negotiation.js';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfsig, pdfText } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';

// What is signed is what was agreed: the signed PDF's schedule of agreed amendments, its certificate in
// plain words with each thread's history and the sender's own IP, and the preview of that document
// before signing (GET /projects/nda/{id}/signing_preview/).

let t: TestApp;
let cast: Cast;
let deal: Deal;

// Each side acts from its own address, as the certificate must show.
const MANAGER_IP = '203.0.113.7';
const OWNER_IP = '203.0.113.8';
const BUYER_IP = '198.51.100.9';

const QUOTE = 'Governing Law: [California]';
const WORDING = 'Governing Law: the laws of England and Wales.';
const COUNTER = 'Governing Law: the laws of England and Wales; Jurisdiction: the courts of London.';
const POINT = 'The receiving party will not solicit the disclosing party’s employees for 12 months.';
const REJECTED_QUOTE = 'Jurisdiction: [courts located in Los Angeles County, CA]';
const REJECTED_WORDING = 'Jurisdiction: the courts of Delaware.';

const openThread = (user: TestUser, ip: string, body: Record<string, unknown>) =>
  api(t, 'POST', '/projects/comment_threads/', user, { nda: deal.a.ndaId, pointers: somewhere, ...body }, { ip });
const move = (user: TestUser, ip: string, thread: number, m: 'approve' | 'reject') =>
  api(t, 'GET', `/projects/comment_threads/${thread}/negotiation_${m}/`, user, undefined, { ip });

/** GET a PDF (or an error) as a user. */
async function download(user: TestUser | null, path: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${path}`,
    headers: user ? { authorization: `Bearer ${user.access}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}
const preview = (user: TestUser | null, ndaId = deal.a.ndaId) =>
  download(user, `/projects/nda/${ndaId}/signing_preview/`);

/** The text from the schedule's heading up to the certificate. */
function schedule(text: string): string {
  const start = text.indexOf('Agreed amendments');
  const end = text.indexOf('Certificate of signature');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return text.slice(start, end);
}

function expectNoRawStatus(text: string) {
  for (const status of NEGOTIATION_STATUSES) expect(text).not.toContain(status);
  expect(text).not.toMatch(/waiting/i);
  // No stored code of any kind: words joined by underscores.
  expect(text).not.toMatch(/[a-z]+_[a-z]+/i);
}

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, { ...cast }, { sentA: false });
  // Sent through the product by the team member, so the sender's IP is on record.
  expectStatus(
    await api(
      t,
      'POST',
      `/projects/dashboard/${deal.a.branchId}/send_nda_to_all_signers/`,
      cast.manager,
      { subject: 'Project Falcon NDA', note: 'Please review.' },
      { ip: MANAGER_IP },
    ),
    200,
  );

  // 1. The buyer quotes the governing law and proposes English law; the owner counter-proposes; both approve.
  const law = await openThread(cast.signerA1, BUYER_IP, {
    text: 'Governing law should be English.',
    quote: QUOTE,
    proposal: WORDING,
  });
  expectStatus(law, 201);
  const counter = await api(
    t,
    'POST',
    '/projects/comments/',
    cast.owner,
    { comment_thread: law.body.id, text: 'English law, with London courts.', proposal: COUNTER },
    { ip: OWNER_IP },
  );
  expectStatus(counter, 201);
  expectStatus(await move(cast.signerA1, BUYER_IP, law.body.id, 'approve'), 200);
  expectStatus(await move(cast.owner, OWNER_IP, law.body.id, 'approve'), 200);

  // 2. The owner raises a point with no wording and no quote; both approve it.
  const point = await openThread(cast.owner, OWNER_IP, { text: POINT });
  expectStatus(point, 201);
  expectStatus(await move(cast.signerA1, BUYER_IP, point.body.id, 'approve'), 200);
  expectStatus(await move(cast.owner, OWNER_IP, point.body.id, 'approve'), 200);

  // 3. The buyer asks for Delaware courts; both reject it: not an amendment.
  const rejected = await openThread(cast.signerA1, BUYER_IP, {
    text: 'Delaware courts instead.',
    quote: REJECTED_QUOTE,
    proposal: REJECTED_WORDING,
  });
  expectStatus(rejected, 201);
  expectStatus(await move(cast.owner, OWNER_IP, rejected.body.id, 'reject'), 200);
  expectStatus(await move(cast.signerA1, BUYER_IP, rejected.body.id, 'reject'), 200);
});

describe('the preview (GET /projects/nda/{id}/signing_preview/)', () => {
  it('answers the final document to the sender’s team and to the group’s signers, and changes nothing', async () => {
    const eventsBefore = (await eventRows(t, deal.projectId)).length;
    for (const user of [cast.owner, cast.manager, cast.signerA1, cast.signerA2]) {
      const res = await preview(user);
      expect(res.status, `${user.email}: ${res.body.toString('utf8', 0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const nda = await t.core.db.selectFrom('ndas').selectAll().where('id', '=', deal.a.ndaId).executeTakeFirstOrThrow();
    expect(nda).toMatchObject({ isSigned: false, signedAt: null, signedFileKey: null });
    // Not even an nda_opened: previewing records nothing.
    expect(await eventRows(t, deal.projectId)).toHaveLength(eventsBefore);
  });

  it('answers 404 to anyone who may not see the NDA, 401 without a token', async () => {
    for (const user of [cast.signerB, cast.member, cast.stranger]) {
      const res = await preview(user);
      expect(res.status, user.email).toBe(404);
    }
    expect((await preview(null)).status).toBe(401);
    expect((await preview(cast.owner, 2_000_000_000)).status).toBe(404);
  });

  it('answers 400 for a project’s own NDA, which is never signed', async () => {
    const projectNda = await t.core.db
      .insertInto('ndas')
      .values({
        projectId: deal.projectId,
        projectBranchId: null,
        name: 'Project NDA',
        fileKey: 'ndas/none.pdf',
        fileSha256: '0'.repeat(64),
        pageCount: 4,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api(t, 'GET', `/projects/nda/${projectNda.id}/signing_preview/`, cast.owner);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(SIGNING_MESSAGES.previewGroupOnly);
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'shows the agreed amendments, placeholders for the signatures and a preview mark on every page',
    async () => {
      for (const user of [cast.owner, cast.signerA1]) {
        const pdf = (await preview(user)).body;
        const text = pdfText(pdf);
        const part = schedule(text);
        for (const s of [QUOTE, COUNTER, POINT]) expect(part).toContain(s);
        expect(text).toContain('Certificate of signature (preview)');
        expect(text).toContain('To be signed by Olivia Owner');
        expectNoRawStatus(text);
        const pages = (await PDFDocument.load(pdf)).getPageCount();
        expect(text.split('PREVIEW - NOT SIGNED').length - 1).toBe(pages);
      }
      // The signer sees themselves as the receiving party; the sender's team sees the group's signers.
      expect(pdfText((await preview(cast.signerA1)).body)).toContain('To be signed by Alice Acquirer');
      expect(pdfText((await preview(cast.owner)).body)).toContain('To be signed by Alice Acquirer or Arthur Associate');
    },
  );

  it.skipIf(!HAS_PDFSIG)('is not sealed', async () => {
    const report = pdfsig((await preview(cast.owner)).body);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/does not contain any signatures/);
  });
});

describe('the signed PDF', () => {
  let signed: Buffer;
  let text: string;

  beforeAll(async () => {
    await openNda(t, cast.signerA1, deal.a.ndaId, { ip: BUYER_IP });
    const res = await api(
      t,
      'GET',
      `/projects/dashboard/${deal.a.signerships[cast.signerA1.id]}/sign/`,
      cast.signerA1,
      undefined,
      { ip: BUYER_IP },
    );
    expectStatus(res, 200);
    const file = await download(cast.owner, `/projects/nda/${deal.a.ndaId}/get_nda_pdf/`);
    expect(file.status).toBe(200);
    signed = file.body;
    text = HAS_PDFTOTEXT ? pdfText(signed) : '';
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'carries, before the certificate, the agreed amendments: each quote with its agreed wording and who approved it when',
    () => {
      const part = schedule(text);
      expect(part).toContain('form part of the agreement');
      expect(part).toContain('prevail over the text of the document they quote');
      // The law thread: the standing (counter) wording, not the first proposal, and its quote.
      expect(part).toContain(`“${QUOTE}”`);
      expect(part).toContain(`“${COUNTER}”`);
      expect(part).not.toContain(`“${WORDING}”`);
      // The point with no wording is agreed as written.
      expect(part).toContain(`Agreed point ${POINT}`);
      // Who approved, for which party, in UTC.
      expect(part).toMatch(
        /Approved by Alice Acquirer for the receiving party on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, and by Olivia Owner for the disclosing party on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
      );
      // Thread 1 on page 1.
      expect(part).toContain('Amendment 1 · page 1 · thread 1');
      // What both rejected is no amendment: the introduction says the original text stands there.
      expect(part).not.toContain(REJECTED_WORDING);
      expect(part).not.toContain(REJECTED_QUOTE);
      expect(part.replace(/\s+/g, ' ')).toContain(
        "Thread 3 was rejected by both parties and is not an amendment: where it applies, the document's original text stands.",
      );
    },
  );

  it.skipIf(!HAS_PDFTOTEXT)('has a certificate in plain words, with each thread’s history and no raw status', () => {
    const certificate = text.slice(text.indexOf('Certificate of signature'));
    expect(certificate).toContain('final status: Agreed by both parties');
    expect(certificate.replace(/\s+/g, ' ')).toContain(
      "final status: Rejected by both parties. The document's original text stands.",
    );
    for (const entry of [
      'Opened by Alice Acquirer',
      `Wording proposed by Alice Acquirer: “${WORDING}”`,
      'Reply by Olivia Owner: “English law, with London courts.”',
      `Wording proposed by Olivia Owner: “${COUNTER}”`,
      'Approved by Alice Acquirer for the receiving party',
      'Approved by Olivia Owner for the disclosing party',
      'Rejected any change to the original text: Olivia Owner for the disclosing party',
      'Rejected any change to the original text: Alice Acquirer for the receiving party',
    ])
      expect(certificate.replace(/\s+/g, ' ')).toContain(entry);
    expect(certificate).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC Wording proposed by Olivia Owner/);
    expectNoRawStatus(text);
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'says how the sender’s signature was applied and records the sender’s own IP, never an unknown one',
    () => {
      const certificate = text.slice(text.indexOf('Certificate of signature'));
      expect(certificate).toContain(
        'How it was applied: the saved signature of Olivia Owner, owner of the Adviser Partners LLP account, applied by NDA Workspace at the receiving party’s signing, under the standing authority',
      );
      // The owner's approval came after the manager's sending: the latest act of the sender is on record.
      expect(certificate).toMatch(
        new RegExp(`IP ${OWNER_IP.replaceAll('.', '\\.')}, recorded when Olivia Owner approved a thread on \\d{4}-`),
      );
      expect(certificate).toContain(`from IP ${BUYER_IP}`);
      // The sending is in the timeline with the manager's IP.
      expect(certificate).toMatch(
        new RegExp(`NDA sent to Alice Acquirer — [^(]+\\(IP ${MANAGER_IP.replaceAll('.', '\\.')}\\)`),
      );
      expect(text).not.toMatch(/unknown/i);
    },
  );

  it.skipIf(!HAS_PDFSIG)('is still sealed: pdfsig reports the signature valid', () => {
    const report = pdfsig(signed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
  });

  it('has no preview once signed: the signed PDF is the final document', async () => {
    const res = await api(t, 'GET', `/projects/nda/${deal.a.ndaId}/signing_preview/`, cast.signerA1);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(SIGNING_MESSAGES.previewSigned);
  });
});

describe('an NDA signed with nothing agreed', () => {
  it.skipIf(!HAS_PDFTOTEXT)('says plainly that no amendments were agreed', async () => {
    const other = await createDeal(t, cast);
    const res = await api(t, 'GET', `/projects/dashboard/${other.b.signerships[cast.signerB.id]}/sign/`, cast.signerB);
    expectStatus(res, 200);
    const file = await download(cast.owner, `/projects/nda/${other.b.ndaId}/get_nda_pdf/`);
    const part = schedule(pdfText(file.body));
    expect(part).toContain('No amendments were agreed: the document is signed as sent');
    // Nobody of the sender acted through the product here (the NDA was written straight to the database).
    expect(pdfText(file.body)).toContain('No IP recorded');
  });
});
