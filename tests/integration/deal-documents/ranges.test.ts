import { expect, it, describe } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import { fixture } from '@tests/support/account-area.js';
import type { TestUser } from '@tests/support/factories.js';
import { type Cast, createDeal, type Deal, negotiationSetup } from '@tests/support/negotiation.js';
import { pdfPagesText } from '@tests/support/pdf-tools.js';
import { addDealDocument, api, expectStatus } from '@tests/support/projects.js';

// A deal document read by parts (rest/blob-reply.ts sendFileByRange, services/blob-store.ts open with
// a range): the review viewer asks a large PDF for the parts its pages need. Every part of a bidder's
// download comes from their one watermarked copy; If-Range keeps the parts of one file together.

let t: TestApp;
let cast: Cast;
let deal: Deal;
let document: number;
let unreleased: number;

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
  document = await upload('Information memorandum', 'invitation', 'pdfs/us_constitution.pdf');
  unreleased = await upload('Management presentation', 'manual', 'pdfs/normal.pdf');
});

const upload = (title: string, release: string, file: string) =>
  addDealDocument(t, cast.owner, deal.projectId, { title, release, file });

const fileOf = (id: number) => `/projects/projects/${deal.projectId}/documents/${id}/file/`;
const get = (user: TestUser, headers: Record<string, string> = {}, id = document) =>
  api(t, 'GET', fileOf(id), user, { headers });

/** The whole file, read part by part as pdf.js would, each part checked against its Content-Range. */
async function readByParts(user: TestUser, size: number, etag: string, part = 64 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let start = 0; start < size; start += part) {
    const end = Math.min(start + part, size) - 1;
    const res = await get(user, { range: `bytes=${start}-${end}`, 'if-range': etag });
    expectStatus(res, 206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.raw).toHaveLength(end - start + 1);
    parts.push(res.raw);
  }
  return Buffer.concat(parts);
}

describe('the sending team’s file by parts', () => {
  it('answers a range with 206, the part and where it lies; the whole file says it takes ranges', async () => {
    const whole = await get(cast.owner);
    expectStatus(whole, 200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.raw.length;
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const first = await get(cast.owner, { range: 'bytes=0-99' });
    expectStatus(first, 206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers.etag).toBe(etag);
    expect(Buffer.compare(first.raw, whole.raw.subarray(0, 100))).toBe(0);

    // Open-ended, and an end past the file's: both end at its last byte.
    for (const range of [`bytes=${size - 10}-`, `bytes=${size - 10}-${size + 5000}`]) {
      const tail = await get(cast.owner, { range });
      expectStatus(tail, 206);
      expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(Buffer.compare(tail.raw, whole.raw.subarray(size - 10))).toBe(0);
    }
    expect(Buffer.compare(await readByParts(cast.owner, size, etag), whole.raw)).toBe(0);
  });

  it('a range past the end answers 416 with the file’s size; one it cannot serve gets the whole file', async () => {
    const size = (await get(cast.owner)).raw.length;
    const past = await get(cast.owner, { range: `bytes=${size}-` });
    expectStatus(past, 416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.body.code).toBe('range_not_satisfiable');
    for (const range of ['bytes=0-1,5-9', 'bytes=-500', 'bytes=9-2', 'items=0-9', 'bytes=abc']) {
      const res = await get(cast.owner, { range });
      expectStatus(res, 200);
      expect(res.raw).toHaveLength(size);
    }
  });
});

describe('a bidder’s file by parts', () => {
  it('every part, the first one included, is of their one stamped copy', async () => {
    // The first request is for a part: the copy is stamped whole, then that part is answered.
    const first = await get(cast.signerA1, { range: 'bytes=0-1023' });
    expectStatus(first, 206);
    const [, size] = /^bytes 0-1023\/(\d+)$/.exec(String(first.headers['content-range']))!;
    const whole = await get(cast.signerA1);
    expectStatus(whole, 200);
    expect(whole.raw).toHaveLength(Number(size));
    expect(Buffer.compare(first.raw, whole.raw.subarray(0, 1024))).toBe(0);
    const assembled = await readByParts(cast.signerA1, Number(size), String(whole.headers.etag));
    expect(Buffer.compare(assembled, whole.raw)).toBe(0);
    const email = (await t.core.db.selectFrom('users').select('email').where('id', '=', cast.signerA1.id).execute())[0]!
      .email;
    for (const page of pdfPagesText(assembled)) expect(page).toContain(email);
    const copies = await t.core.db.selectFrom('dealDocumentCopies').where('documentId', '=', document).execute();
    expect(copies).toHaveLength(1);
  });

  it('a part of a document not released to them is 404, as the whole is', async () => {
    expectStatus(await get(cast.signerA1, { range: 'bytes=0-99' }, unreleased), 404);
    expectStatus(await get(cast.stranger, { range: 'bytes=0-99' }), 404);
  });
});

describe('If-Range, through the teaser’s own door', () => {
  const teaserUrl = () => `/projects/projects/${deal.projectId}/get_teaser_pdf/`;
  const setTeaser = (file: string) =>
    api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      form: [{ name: 'teaser', file: { filename: 'teaser.pdf', contentType: 'application/pdf', body: fixture(file) } }],
    });
  const teaser = (headers: Record<string, string>) => api(t, 'GET', teaserUrl(), cast.owner, { headers });

  it('a teaser replaced between two parts answers the whole new file, not a part of it', async () => {
    expectStatus(await setTeaser('pdfs/normal.pdf'), 200);
    const before = await teaser({ range: 'bytes=0-99' });
    expectStatus(before, 206);
    const etag = String(before.headers.etag);
    expectStatus(await teaser({ range: 'bytes=100-199', 'if-range': etag }), 206);

    expectStatus(await setTeaser('pdfs/us_constitution.pdf'), 200);
    const after = await teaser({ range: 'bytes=100-199', 'if-range': etag });
    expectStatus(after, 200);
    expect(after.headers.etag).not.toBe(etag);
    expect(pdfPagesText(after.raw)).toHaveLength(19);

    // Replaced by a shorter file: a part past its end, asked of the longer one, is the whole new file.
    const longer = await teaser({ range: 'bytes=0-99' });
    const [, size] = /\/(\d+)$/.exec(String(longer.headers['content-range']))!;
    expectStatus(await setTeaser('pdfs/normal.pdf'), 200);
    const past = { range: `bytes=${Number(size) - 100}-`, 'if-range': String(longer.headers.etag) };
    const shorter = await teaser(past);
    expectStatus(shorter, 200);
    expect(pdfPagesText(shorter.raw)).toHaveLength(2);
    // Without If-Range, or with the new file's ETag, that part is still past the end: 416.
    expectStatus(await teaser({ range: past.range }), 416);
    expectStatus(await teaser({ ...past, 'if-range': String(shorter.headers.etag) }), 416);
  });
});
