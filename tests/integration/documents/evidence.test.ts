import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { UPLOAD_MESSAGES } from '@shared/uploads.js';
import { VERIFY_MESSAGES } from '@shared/verify.js';
import { call, type FormPart } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { bytesPart, postNda, postTemplate } from '@tests/support/documents.js';
import { createOwner } from '@tests/support/factories.js';
import {
  OUTSIDE_ADDRESS,
  PLANTED_PHRASE,
  pdfWithActiveContent,
  pdfWithHiddenLayer,
} from '@tests/support/hostile-pdfs.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import { api, type Cast, createCast, createDeal, insertGroup, openNda } from '@tests/support/negotiation.js';
import { pdfinfo, pdfText } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Evidence of what was signed and who saw it: uploads are stored as a clean copy (documents.ts,
// services/pdf-clean.ts), the signed file's SHA-256 is stored and checked by POST /verify/, each
// event records the browser, and a signer signs only an NDA they opened.

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t, { signersReady: true });
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

const sha256 = (body: Buffer) => crypto.createHash('sha256').update(body).digest('hex');
const verify = (form: FormPart[] | null) =>
  form ? call(t, 'POST', '/verify/', { form }) : call(t, 'POST', '/verify/', { json: {} });

/** Appends an incremental update to a PDF (a new object and an xref section pointing back), as an editor would. */
function appendUpdate(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const prev = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1)![1];
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)![1];
  const object = `\n9999 0 obj\n(Governing law: the laws of another country)\nendobj\n`;
  const xrefAt = pdf.length + object.length;
  const tail =
    `xref\n9999 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size 10000 /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(object + tail, 'latin1')]);
}

describe('uploads are stored as a clean copy', () => {
  let upload: Buffer;
  let ndaId: number;

  beforeAll(async () => {
    upload = await pdfWithActiveContent();
    expect(pdfinfo(upload)).toMatch(/JavaScript:\s+yes/);
    expect(upload.toString('latin1')).toContain(OUTSIDE_ADDRESS);
  });

  it('drops scripts, actions, embedded files and the unreferenced stream; keeps both hashes', async () => {
    const deal = await createDeal(t, cast);
    const res = await postNda(
      t,
      cast.owner,
      { project: deal.projectId, name: 'Active NDA' },
      bytesPart('file', upload),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ndaId = res.body.id;
    const stored = await call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, { access: cast.owner.access });
    expect(stored.status).toBe(200);
    const file = stored.raw;
    expect(pdfinfo(file)).toMatch(/JavaScript:\s+no/);
    const raw = file.toString('latin1');
    for (const gone of [OUTSIDE_ADDRESS, 'EmbeddedFile', '/OpenAction', '/SubmitForm', PLANTED_PHRASE.slice(0, 14)])
      expect(raw).not.toContain(gone);
    expect(pdfText(file)).toContain('expires two (2) years');
    const row = await t.core.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).executeTakeFirstOrThrow();
    expect(row.uploadedSha256).toBe(sha256(upload));
    expect(row.fileSha256).toBe(sha256(file));
    expect(row.fileSha256).not.toBe(row.uploadedSha256);
  });

  it('a template is cleaned the same way', async () => {
    const owner = await createOwner(t);
    const res = await postTemplate(t, owner, 'Active template', bytesPart('file', upload));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pdf = await call(t, 'GET', `/projects/nda_templates/${res.body.id}/get_nda_template_pdf/`, {
      access: owner.access,
    });
    expect(pdfinfo(pdf.raw)).toMatch(/JavaScript:\s+no/);
    expect(pdf.raw.toString('latin1')).not.toContain(PLANTED_PHRASE.slice(0, 14));
  });

  it('a PDF hiding text in a layer turned off is refused with its reason', async () => {
    const owner = await createOwner(t);
    const res = await postTemplate(t, owner, 'Hidden layer', bytesPart('file', await pdfWithHiddenLayer()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.hiddenContent], code: 'upload_hidden_content' });
  });
});

describe('a signed NDA built from an upload carrying JavaScript, and its verification', () => {
  let signed: Buffer;
  let ndaId: number;

  beforeAll(async () => {
    const deal = await createDeal(t, cast);
    const uploaded = await postNda(
      t,
      cast.owner,
      { project: deal.projectId, name: 'Active NDA' },
      bytesPart('file', await pdfWithActiveContent()),
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const clean = await t.core.db
      .selectFrom('ndas')
      .select(['fileKey', 'fileSha256', 'uploadedSha256', 'pageCount'])
      .where('id', '=', uploaded.body.id)
      .executeTakeFirstOrThrow();
    // Group B's NDA takes the project's document, as a group inheriting it does.
    ndaId = deal.b.ndaId;
    await t.core.db.updateTable('ndas').set(clean).where('id', '=', ndaId).execute();
    await t.core.db.deleteFrom('signatureFields').where('ndaId', '=', ndaId).execute();
    const res = await api(t, 'GET', `/projects/dashboard/${deal.b.signerships[cast.signerB.id]}/sign/`, cast.signerB);
    expectStatus(res, 200);
    expect(res.body.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, { access: cast.signerB.access });
    expect(file.status).toBe(200);
    signed = file.raw;
  }, 120_000);

  it('has no JavaScript, and the stored hash is the signed file’s, shown to both sides', async () => {
    expect(pdfinfo(signed)).toMatch(/JavaScript:\s+no/);
    for (const user of [cast.owner, cast.signerB]) {
      const nda = await api(t, 'GET', `/projects/nda/${ndaId}/`, user);
      expectStatus(nda, 200);
      expect(nda.body.signedSha256).toBe(sha256(signed));
    }
  });

  it('the certificate prints both hashes of the document, the document ID, the verify address and the first opening', async () => {
    const row = await t.core.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).executeTakeFirstOrThrow();
    const text = pdfText(signed);
    expect(text).toContain(`SHA-256 of the original: ${row.fileSha256}`);
    expect(text).toContain(`SHA-256 of the file as uploaded: ${row.uploadedSha256}`);
    expect(text).toContain(`Document ID: NDA-${ndaId}`);
    expect(text).toContain(`${t.config.appUrl}/verify`);
    expect(text).toMatch(/First opening of the NDA \(UTC\) \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \S/);
    expect(text).toContain('NDA test browser/1.0');
  });

  it('POST /verify/ answers verified for the signed file', async () => {
    const res = await verify([bytesPart('file', signed, 'signed.pdf')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      checksum: 'verified',
      document: `NDA-${ndaId}`,
      signedAt: expect.any(String),
      modifiedAfterSealing: false,
    });
    expect(res.body.parties.map((p: { role: string }) => p.role)).toEqual(['Disclosing party', 'Receiving party']);
    expect(res.body.signatures.length).toBeGreaterThan(0);
    expect(res.body.signatures.at(-1)).toMatchObject({
      valid: true,
      coversWholeDocument: true,
      signer: expect.any(String),
    });
  });

  it('a copy with an appended incremental update: not_found, modified after sealing, its seal still valid for what it covers', async () => {
    const res = await verify([bytesPart('file', appendUpdate(signed), 'tampered.pdf')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      checksum: 'not_found',
      document: null,
      parties: [],
      modifiedAfterSealing: true,
    });
    expect(res.body.signatures.at(-1)).toMatchObject({ valid: true, coversWholeDocument: false });
  });

  it('a file whose signed bytes changed has an invalid signature', async () => {
    const changed = Buffer.from(signed);
    const at = changed.indexOf('Certificate of signature');
    changed[at > 0 ? at : 100] = 'c'.charCodeAt(0);
    const res = await verify([bytesPart('file', changed, 'changed.pdf')]);
    expect(res.status).toBe(200);
    expect(res.body.checksum).toBe('not_found');
    expect(res.body.signatures.every((s: { valid: boolean }) => !s.valid)).toBe(true);
  });
});

describe('POST /verify/ refuses what it cannot check', () => {
  it('no file: 400 upload_invalid', async () => {
    const res = await verify(null);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [VERIFY_MESSAGES.file], code: 'upload_invalid' });
  });

  it('not a PDF: 400 upload_invalid', async () => {
    const res = await verify([bytesPart('file', Buffer.from('just some text, not a PDF'), 'note.pdf')]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [VERIFY_MESSAGES.notPdf], code: 'upload_invalid' });
  });

  it('a PDF we did not issue: not_found with no signatures', async () => {
    const res = await verify([bytesPart('file', await pdfWithHiddenLayer())]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      checksum: 'not_found',
      document: null,
      signedAt: null,
      parties: [],
      signatures: [],
      modifiedAfterSealing: false,
    });
  });
});

describe('signing needs the signer to have opened the NDA', () => {
  it('REST and tRPC answer 400 nda_not_opened until the signer reads the document, then sign', async () => {
    const deal = await createDeal(t, cast);
    const group = await insertGroup(t, deal.projectId, [cast.signerB], { name: 'Unopened', opened: false });
    const signership = group.signerships[cast.signerB.id]!;
    const rest = await api(t, 'GET', `/projects/dashboard/${signership}/sign/`, cast.signerB);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ nonFieldErrors: [SIGNING_MESSAGES.notOpened], code: 'nda_not_opened' });
    const trpc = await trpcMutation(t, 'signing.sign', { signership }, authHeader(cast.signerB.access));
    expect(trpc.status).toBe(400);
    expect(trpc.error?.data.body).toEqual({ nonFieldErrors: [SIGNING_MESSAGES.notOpened], code: 'nda_not_opened' });

    await openNda(t, cast.signerB, group.ndaId);
    const opened = await t.core.db
      .selectFrom('events')
      .selectAll()
      .where('ndaId', '=', group.ndaId)
      .where('status', '=', 'nda_opened')
      .execute();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      authorId: cast.signerB.id,
      ip: expect.any(String),
      userAgent: 'NDA test browser/1.0',
    });
    expectStatus(await api(t, 'GET', `/projects/dashboard/${signership}/sign/`, cast.signerB), 200);
  }, 120_000);
});
