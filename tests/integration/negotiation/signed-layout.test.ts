import crypto from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_PAGE_HEADING } from '@server/services/signing/signature-page.js';
import { pageLine } from '@server/services/signing/page-numbers.js';
import { OID } from '@server/services/signing/cades.js';
import { readPdfSignatures } from '@server/services/signing/pdf-signatures.js';
import type { TestApp } from '@tests/support/app.js';
import { api, type Cast, createDeal, insertGroup, negotiationSetup } from '@tests/support/negotiation.js';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfPagesText, pdfsig, pdfText } from '@tests/support/pdf-tools.js';
import { compareWithOriginal, overlaps, pdfWords, type WordPage } from '@tests/support/pdf-words.js';
import { call } from '@tests/support/account-area.js';
import { expectStatus } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Nothing the product adds covers the document. An NDA printed to the very bottom of its last page and
// signed without signature fields gets its signatures on an appended signature page; the page numbers
// and the preview banner sit in strips added outside the uploaded pages. Checked word by word with
// poppler (`pdftotext -bbox`): no added word's box overlaps a word of the original, none is lost.

const CLAUSES = [
  'Non-solicitation. For twelve months the Receiving Party shall not solicit any employee of the Company.',
  'Liquidated damages. A breach of clause 7 obliges the Receiving Party to pay the sum set out in Schedule 2.',
  'Return of information. On request the Receiving Party shall return or destroy all Confidential Information.',
];

/** A two-page NDA whose text runs from the very top to the very bottom edge of each page, a rule under it. */
async function fullPageNda(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([612, 792]);
    let n = 0;
    for (let y = 780; y >= 3; y -= 11) {
      const text = `${p + 1}.${++n} ${CLAUSES[n % CLAUSES.length]}`;
      page.drawText(text, { x: 14, y, size: 9, font });
    }
    page.drawLine({ start: { x: 14, y: 1 }, end: { x: 598, y: 1 }, thickness: 0.5, color: rgb(0, 0, 0) });
  }
  return Buffer.from(await doc.save());
}

let t: TestApp;
let cast: Cast;
let ndaId: number;
let original: Buffer;
let signed: Buffer;
let preview: Buffer;

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
});
// The NDA replaced by a full-page document, previewed and signed: a set-up step of its own.
beforeAll(async () => {
  const deal = await createDeal(t, cast);
  const group = await insertGroup(t, deal.projectId, [cast.signerB], { name: 'Full page' });
  ndaId = group.ndaId;
  original = await fullPageNda();
  const fileKey = `ndas/test-${crypto.randomBytes(8).toString('hex')}.pdf`;
  await t.core.blobs.put(fileKey, original, 'application/pdf');
  await t.core.db
    .updateTable('ndas')
    .set({ fileKey, fileSha256: crypto.createHash('sha256').update(original).digest('hex'), pageCount: 2 })
    .where('id', '=', ndaId)
    .execute();
  preview = (await call(t, 'GET', `/projects/nda/${ndaId}/signing_preview/`, { access: cast.signerB.access })).raw;
  expectStatus(
    await api(t, 'GET', `/projects/dashboard/${group.signerships[cast.signerB.id]}/sign/`, cast.signerB),
    200,
  );
  signed = (await call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, { access: cast.signerB.access })).raw;
}, SETUP_MS);

function expectNothingOver(originalPages: WordPage[], now: WordPage[]) {
  for (const [i, page] of originalPages.entries()) {
    const { added, placed, lost } = compareWithOriginal(page, now[i]!);
    expect(lost, `page ${i + 1}: words of the original no longer found`).toEqual([]);
    const covering = added.filter((a) => placed.some((w) => overlaps(a, w)));
    expect(covering, `page ${i + 1}: added words over the original's`).toEqual([]);
    expect(added.length, `page ${i + 1}: its page number`).toBeGreaterThan(0);
  }
}

describe.skipIf(!HAS_PDFTOTEXT)('an NDA printed to the bottom margin, signed without fields', () => {
  it('keeps every word of the original uncovered, on the signed file and on the preview', () => {
    const before = pdfWords(original);
    expect(before).toHaveLength(2);
    // The original does run to the bottom edge: its last line sits within 12 points of it.
    expect(Math.max(...before[1]!.words.map((w) => w.yMax))).toBeGreaterThan(792 - 12);
    expectNothingOver(before, pdfWords(signed));
    expectNothingOver(before, pdfWords(preview));
  });

  it('puts the signatures on a signature page after the NDA, before the schedule and the certificate', () => {
    const pages = pdfPagesText(signed, { layout: true });
    const signaturePage = pages[2]!;
    expect(signaturePage).toContain(SIGNATURE_PAGE_HEADING);
    expect(signaturePage).toContain(`Mutual NDA (document ID NDA-${ndaId})`);
    for (const s of ['Disclosing party', 'Olivia Owner', 'Adviser Partners LLP', 'Receiving party', 'Boris Bidder'])
      expect(signaturePage).toContain(s);
    expect(signaturePage).toContain('Buyer B Holdings, signed by Boris Bidder');
    expect(signaturePage).not.toContain('To be signed by');
    expect(pages[3]).toContain('Agreed amendments');
    expect(pages.join(' ')).toContain('followed by the signature page, the schedule of agreed amendments');
  });

  it('numbers every page "Document NDA-n · page x of N" over the whole file', async () => {
    for (const pdf of [signed, preview]) {
      const total = (await PDFDocument.load(pdf)).getPageCount();
      const pages = pdfPagesText(pdf, { layout: true }).slice(0, total);
      expect(total).toBeGreaterThanOrEqual(5);
      pages.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(pageLine(`NDA-${ndaId}`, i + 1, total)));
    }
  });

  it.skipIf(!HAS_PDFSIG)('is sealed, and the seal validates', () => {
    const report = pdfsig(signed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'is sealed PAdES B-B, certifying: signing-certificate-v2, no CMS signingTime, DocMDP P=2, whole file',
    () => {
      const [seal, ...others] = readPdfSignatures(signed);
      expect(others).toEqual([]);
      expect(seal).toMatchObject({
        subFilter: 'ETSI.CAdES.detached',
        valid: true,
        coversWholeDocument: true,
        timestamp: null,
        unsignedAttributes: [],
      });
      expect(seal!.signedAttributes).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2]);
      expect(seal!.claimedTime).toMatch(/^D:\d{14}/);
      const text = signed.toString('latin1');
      expect(text).toMatch(/\/TransformMethod\s*\/DocMDP/);
      expect(text).toMatch(/\/Perms\s*<<\s*\/DocMDP \d+ 0 R/);
      // The certificate says what the seal shows and how to check it, and no more.
      const words = pdfText(signed);
      expect(words).toContain('no timestamp authority attests it');
      expect(words).not.toContain('invalidates the seal');
    },
  );
});
