import { PDFArray, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { OID } from '@server/services/signing/cades.js';
import { readPdfSignatures } from '@server/services/signing/pdf-signatures.js';
import { call } from '@tests/support/account-area.js';
import type { TestApp } from '@tests/support/app.js';
import { api, type Cast, createDeal, type Deal, negotiationSetup } from '@tests/support/negotiation.js';
import { HAS_PDFSIG, pdfsig } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';
import type { TimestampAuthority } from '@tests/support/timestamp-authority.js';
import { SETUP_MS } from '@tests/support/wait.js';

// The seal with a timestamp authority (SIGNING_TSA_URL), against a local RFC 3161 authority: PAdES
// B-T (a signature timestamp) then B-LTA (a DSS and a document timestamp) in a certification
// signature; with the authority down, the signatures are recorded and nothing is sealed until it
// answers again.

let t: TestApp;
let tsa: TimestampAuthority;
let cast: Cast;
let deal: Deal;

negotiationSetup({ timestampAuthority: true }, async (made) => {
  ({ t, cast } = made);
  tsa = made.tsa!;
  deal = await createDeal(t, cast);
});

const sign = (group: Deal['a'], signer: Cast['signerA1']) =>
  api(t, 'GET', `/projects/dashboard/${group.signerships[signer.id]}/sign/`, signer);
const signedFile = async (ndaId: number, signer: Cast['signerA1']) =>
  (await call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, { access: signer.access })).raw as Buffer;
const ndaOf = (id: number) => t.core.db.selectFrom('ndas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const health = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).json() as { sealBacklog: number };

/** Appends an incremental update that draws over the first page, as a later edit of its content would. */
async function appendUpdate(pdf: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.context.largestObjectNumber + 1;
  const page = doc.getPages()[0]!;
  const contents = page.node.get(PDFName.of('Contents'))!;
  const list = contents instanceof PDFArray ? contents.asArray() : [contents];
  page.node.set(PDFName.of('Contents'), doc.context.obj([...list, PDFRef.of(stream)]));
  const words = '0 0 1 rg 72 400 300 20 re f';
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1];
  const objects = [
    { num: stream, text: `<< /Length ${words.length} >>\nstream\n${words}\nendstream` },
    { num: page.ref.objectNumber, text: page.node.toString() },
  ].sort((x, y) => x.num - y.num);
  let body = '\n';
  const offsets: string[] = [];
  for (const o of objects) {
    offsets.push(`${o.num} 1\n${String(pdf.length + body.length).padStart(10, '0')} 00000 n \n`);
    body += `${o.num} 0 obj\n${o.text}\nendobj\n`;
  }
  const xrefAt = pdf.length + body.length;
  const trailer = `<< /Size ${stream + 1} /Root ${doc.context.trailerInfo.Root!.toString()} /Prev ${prev} >>`;
  return Buffer.concat([
    pdf,
    Buffer.from(`${body}xref\n${offsets.join('')}trailer\n${trailer}\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
}

describe('the seal with a timestamp authority', () => {
  let signed: Buffer;

  beforeAll(async () => {
    expectStatus(await sign(deal.a, cast.signerA1), 200);
    signed = await signedFile(deal.a.ndaId, cast.signerA1);
  }, SETUP_MS);

  it('is a PAdES certification signature: CAdES, signing-certificate-v2, no signingTime, a signature timestamp', () => {
    const [seal] = readPdfSignatures(signed);
    expect(seal).toMatchObject({
      subFilter: 'ETSI.CAdES.detached',
      valid: true,
      signer: 'NDA Workspace document seal',
    });
    expect(seal!.signedAttributes).toEqual(expect.arrayContaining([OID.messageDigest, OID.signingCertificateV2]));
    expect(seal!.signedAttributes).not.toContain(OID.signingTime);
    expect(seal!.unsignedAttributes).toEqual([OID.signatureTimeStampToken]);
    expect(seal!.timestamp).toBeInstanceOf(Date);
    expect(seal!.claimedTime).toMatch(/^D:\d{14}/);
    const text = signed.toString('latin1');
    expect(text).toMatch(/\/TransformMethod\s*\/DocMDP/);
    expect(text).toMatch(/\/P 2\b/);
    expect(text).toMatch(/\/Perms\s*<<\s*\/DocMDP \d+ 0 R/);
  });

  it('adds a DSS and a document timestamp over the whole file (B-LTA)', () => {
    const signatures = readPdfSignatures(signed);
    expect(signatures).toHaveLength(2);
    const [seal, docTimestamp] = signatures;
    expect(seal!.coversWholeDocument).toBe(false);
    expect(docTimestamp).toMatchObject({
      subFilter: 'ETSI.RFC3161',
      valid: true,
      coversWholeDocument: true,
      signer: 'Test timestamp authority',
    });
    expect(docTimestamp!.timestamp!.getTime()).toBeGreaterThanOrEqual(seal!.timestamp!.getTime());
    expect(signed.toString('latin1')).toMatch(/\/Type \/DSS \/Certs \[\d+ 0 R \d+ 0 R \d+ 0 R\]/);
    expect(tsa.answered).toBeGreaterThanOrEqual(2);
  });

  it.skipIf(!HAS_PDFSIG)('passes pdfsig: the seal valid, the document timestamp over the whole file', () => {
    const report = pdfsig(signed);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Field Name: Document timestamp');
  });

  it('shows an update appended afterwards: no signature covers the whole file any more', async () => {
    const changed = await appendUpdate(signed);
    const signatures = readPdfSignatures(changed);
    expect(signatures.map((s) => s.valid)).toEqual([true, true]);
    expect(signatures.map((s) => s.coversWholeDocument)).toEqual([false, false]);
    if (HAS_PDFSIG) expect(pdfsig(changed)).not.toContain('Total document signed');
  });
});

describe('the seal while the timestamp authority is down', () => {
  it(
    'records the signature, seals nothing, and seals the backlog once the authority answers',
    async () => {
      await tsa.down();
      expectStatus(await sign(deal.b, cast.signerB), 200);
      const pending = await ndaOf(deal.b.ndaId);
      expect(pending).toMatchObject({ isSigned: true, sealPending: true });
      const presented = await call(t, 'GET', `/projects/nda/${deal.b.ndaId}/`, { access: cast.signerB.access });
      expect(presented.body).toMatchObject({ isSigned: true, sealPending: true });
      // No unsealed file is given as the signed NDA (seal-pending.test.ts covers every door).
      expect(
        (await call(t, 'GET', `/projects/nda/${deal.b.ndaId}/get_nda_pdf/`, { access: cast.signerB.access })).status,
      ).toBe(409);
      expect((await health()).sealBacklog).toBe(1);

      // Another try while it is still down: still nothing sealed, the failure kept, a later try planned.
      await t.core.seals.drain();
      const row = await t.core.db.selectFrom('pendingSeals').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ndaId: deal.b.ndaId, lastError: expect.stringContaining(tsa.url) });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect((await ndaOf(deal.b.ndaId)).sealPending).toBe(true);

      await tsa.up();
      // The backoff has run out.
      await t.core.db
        .updateTable('pendingSeals')
        .set({ nextAttemptAt: new Date(0) })
        .execute();
      await t.core.seals.drain();
      expect(await ndaOf(deal.b.ndaId)).toMatchObject({ isSigned: true, sealPending: false });
      expect((await health()).sealBacklog).toBe(0);
      const sealed = readPdfSignatures(await signedFile(deal.b.ndaId, cast.signerB));
      expect(sealed.map((s) => [s.subFilter, s.valid])).toEqual([
        ['ETSI.CAdES.detached', true],
        ['ETSI.RFC3161', true],
      ]);
      expect(sealed[0]!.timestamp).toBeInstanceOf(Date);
      // Two signed PDFs built and sealed in the worker: as long as a setup on a loaded machine.
    },
    SETUP_MS,
  );
});
