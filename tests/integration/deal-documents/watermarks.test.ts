import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import { fixture } from '@tests/support/account-area.js';
import type { TestUser } from '@tests/support/factories.js';
import { type Cast, createDeal, type Deal, negotiationSetup } from '@tests/support/negotiation.js';
import { pdfPagesText } from '@tests/support/pdf-tools.js';
import { addDealDocument, api, expectStatus } from '@tests/support/projects.js';

// Per-viewer watermarks (queries/deal-documents/watermarked-copy.ts, services/watermark): every page of
// a deal document a bidder downloads, by any door, carries their name, company, e-mail, a UTC time
// and IP; it is stamped in the watermark worker at their first download and kept per document and
// viewer. The sending team gets the original. Read back with poppler's pdftotext, as anyone would.

let t: TestApp;
let cast: Cast;
let deal: Deal;
/** us_constitution.pdf: 19 pages of real text. */
let constitution: number;
/** Released by hand to nobody. */
let unreleased: number;

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
  constitution = await upload('Information memorandum', 'invitation', 'pdfs/us_constitution.pdf');
  unreleased = await upload('Management presentation', 'manual', 'pdfs/normal.pdf');
});

const upload = (title: string, release: string, file: string) =>
  addDealDocument(t, cast.owner, deal.projectId, { title, release, file });

const fileOf = (id: number) => `/projects/projects/${deal.projectId}/documents/${id}/file/`;

async function download(user: TestUser, url = fileOf(constitution)): Promise<Buffer> {
  const res = await api(t, 'GET', url, user);
  expectStatus(res, 200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.raw;
}

async function person(user: TestUser) {
  const row = await t.core.db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.firstName', 'users.lastName', 'users.email', 'companies.name as company'])
    .where('users.id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { name: `${row.firstName} ${row.lastName}`.trim(), company: row.company ?? '', email: row.email };
}

const copies = (documentId: number) =>
  t.core.db.selectFrom('dealDocumentCopies').selectAll().where('documentId', '=', documentId).execute();
const blobPath = (key: string) => path.join(t.config.dataDir, 'blobs', key);

async function storedOriginal(documentId: number): Promise<Buffer> {
  const row = await t.core.db
    .selectFrom('dealDocuments')
    .select('fileKey')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  return fs.readFileSync(blobPath(row.fileKey));
}

describe('a bidder’s download', () => {
  it('carries their name, company, e-mail, the UTC time and IP on every page', async () => {
    const before = Date.now();
    const pdf = await download(cast.signerA1);
    const pages = pdfPagesText(pdf);
    expect(pages).toHaveLength(19);
    const me = await person(cast.signerA1);
    expect(me.company).not.toBe('');
    for (const [i, text] of pages.entries()) {
      expect(text, `page ${i + 1}`).toContain(me.email);
      expect(text, `page ${i + 1}`).toContain(me.name);
      expect(text, `page ${i + 1}`).toContain(me.company);
      expect(text, `page ${i + 1}`).toContain('IP 127.0.0.1');
    }
    const [copy] = await copies(constitution);
    expect(copy).toMatchObject({ userId: cast.signerA1.id, ip: '127.0.0.1', pages: 19 });
    expect(copy!.stampedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const utc = `${copy!.stampedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
    for (const text of pages) expect(text).toContain(utc);
  });

  it('keeps the document’s own text: each page reads as the original’s words, plus the stamp', async () => {
    // Diagonal text left out (pdftotext -nodiag); the page grew by the footer's strip, so reading order may shift.
    const words = (text: string) => text.split(' ').filter(Boolean).sort();
    const original = pdfPagesText(await storedOriginal(constitution), { noDiagonal: true });
    const stamped = pdfPagesText(await download(cast.signerA1), { noDiagonal: true });
    const me = await person(cast.signerA1);
    expect(stamped).toHaveLength(original.length);
    stamped.forEach((text, i) => {
      const footer = text.match(/(Confidential )?· copy for .* · IP 127\.0\.0\.1/)?.[0];
      expect(footer, `page ${i + 1}`).toContain(`copy for ${me.name}, ${me.company} <${me.email}>`);
      expect(words(text.replace(footer!, '')), `page ${i + 1}`).toEqual(words(original[i]!));
    });
  });

  it('a second download is the kept copy: the same bytes, not stamped again', async () => {
    const stamp = vi.spyOn(t.core.watermarks, 'stamp');
    try {
      const [kept] = await copies(constitution);
      const first = fs.readFileSync(blobPath(kept!.blobKey));
      const again = await download(cast.signerA1);
      expect(Buffer.compare(again, first)).toBe(0);
      expect(stamp).not.toHaveBeenCalled();
      expect(await copies(constitution)).toEqual([kept]);
    } finally {
      stamp.mockRestore();
    }
  });

  it('a kept copy whose file went missing from the blob store is stamped again', async () => {
    const [kept] = (await copies(constitution)).filter((c) => c.userId === cast.signerA1.id);
    await t.core.blobs.delete(kept!.blobKey);
    const again = await download(cast.signerA1);
    expect(pdfPagesText(again)[0]).toContain(cast.signerA1.email);
    const [now] = (await copies(constitution)).filter((c) => c.userId === cast.signerA1.id);
    expect(now!.blobKey).not.toBe(kept!.blobKey);
    expect(Buffer.compare(fs.readFileSync(blobPath(now!.blobKey)), again)).toBe(0);
  });

  it('another bidder, of the same group or another, gets their own stamp', async () => {
    const a1 = await person(cast.signerA1);
    for (const user of [cast.signerA2, cast.signerB]) {
      const me = await person(user);
      const pages = pdfPagesText(await download(user));
      expect(pages).toHaveLength(19);
      for (const text of pages) {
        expect(text).toContain(me.email);
        expect(text).not.toContain(a1.email);
      }
    }
    expect((await copies(constitution)).map((c) => c.userId).sort()).toEqual(
      [cast.signerA1.id, cast.signerA2.id, cast.signerB.id].sort(),
    );
  });

  it('two first downloads at once keep one copy and answer its bytes to both', async () => {
    const letter = await upload('Process letter', 'invitation', 'pdfs/normal.pdf');
    const [one, two] = await Promise.all([
      download(cast.signerA2, fileOf(letter)),
      download(cast.signerA2, fileOf(letter)),
    ]);
    expect(Buffer.compare(one, two)).toBe(0);
    const kept = await copies(letter);
    expect(kept).toHaveLength(1);
    expect(Buffer.compare(fs.readFileSync(blobPath(kept[0]!.blobKey)), one)).toBe(0);
    // The other stamping's file was not left behind.
    const dir = path.dirname(blobPath(kept[0]!.blobKey));
    const mine = fs.readdirSync(dir).filter((f) => f.startsWith(`d${letter}-`) && f.endsWith('.pdf'));
    expect(mine).toEqual([path.basename(kept[0]!.blobKey)]);
  });

  it('a document not released to the bidder stays 404, and nothing is stamped', async () => {
    expectStatus(await api(t, 'GET', fileOf(unreleased), cast.signerA1), 404);
    expect(await copies(unreleased)).toEqual([]);
  });
});

describe('a file that cannot be stamped', () => {
  it('answers the bidder an error with its code, never the clean file', async () => {
    const key = `projects/p${deal.projectId}/document-unreadable.pdf`;
    await t.core.blobs.put(key, Buffer.from('%PDF-1.7\nnot a readable body'), 'application/pdf');
    const row = await t.core.db
      .insertInto('dealDocuments')
      .values({
        projectId: deal.projectId,
        title: 'Unreadable',
        release: 'invitation',
        fileKey: key,
        fileName: 'x.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api(t, 'GET', fileOf(row.id), cast.signerA1);
    expectStatus(res, 500);
    expect(res.body).toMatchObject({ code: 'watermark_failed' });
    expect(await copies(row.id)).toEqual([]);
    // The team still gets its file.
    expectStatus(await api(t, 'GET', fileOf(row.id), cast.owner), 200);
    await t.core.db.deleteFrom('dealDocuments').where('id', '=', row.id).execute();
  });
});

describe('the sending team’s download', () => {
  it('is the original file, with no one’s stamp', async () => {
    const original = await storedOriginal(constitution);
    const bidders = await Promise.all([cast.signerA1, cast.signerA2, cast.signerB].map(person));
    for (const user of [cast.owner, cast.manager]) {
      const pdf = await download(user);
      expect(Buffer.compare(pdf, original)).toBe(0);
      const text = pdfPagesText(pdf).join(' ');
      for (const b of bidders) expect(text).not.toContain(b.email);
      expect(text).not.toContain('Confidential · copy for');
    }
  });
});

describe('the teaser’s own door and a replaced or deleted file', () => {
  const teaserUrl = () => `/projects/projects/${deal.projectId}/get_teaser_pdf/`;
  const setTeaser = (file: string) =>
    api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      form: [{ name: 'teaser', file: { filename: 'teaser.pdf', contentType: 'application/pdf', body: fixture(file) } }],
    });
  const teaserId = async () =>
    (
      await t.core.db
        .selectFrom('dealDocuments')
        .select('id')
        .where('projectId', '=', deal.projectId)
        .where('kind', '=', 'teaser')
        .executeTakeFirstOrThrow()
    ).id;

  it('GET get_teaser_pdf gives the bidder their stamped copy and the team the original', async () => {
    expectStatus(await setTeaser('pdfs/standard_fonts_demo.pdf'), 200);
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${deal.b.branchId}/`, cast.owner, {
        json: { send_teaser: true },
      }),
      200,
    );
    const me = await person(cast.signerB);
    const pages = pdfPagesText(await download(cast.signerB, teaserUrl()));
    expect(pages).toHaveLength(5);
    for (const text of pages) expect(text).toContain(me.email);
    // The deal document's own address answers the same kept copy.
    expect(
      Buffer.compare(await download(cast.signerB, fileOf(await teaserId())), await download(cast.signerB, teaserUrl())),
    ).toBe(0);
    const clean = await download(cast.owner, teaserUrl());
    expect(Buffer.compare(clean, await storedOriginal(await teaserId()))).toBe(0);
    expect(pdfPagesText(clean).join(' ')).not.toContain(me.email);
  });

  it('replacing the file drops its copies and their files; the next download stamps the new file', async () => {
    const id = await teaserId();
    const [old] = await copies(id);
    expect(fs.existsSync(blobPath(old!.blobKey))).toBe(true);
    expectStatus(await setTeaser('pdfs/normal.pdf'), 200);
    expect(await copies(id)).toEqual([]);
    await vi.waitFor(() => expect(fs.existsSync(blobPath(old!.blobKey))).toBe(false));
    const pages = pdfPagesText(await download(cast.signerB, teaserUrl()));
    expect(pages).toHaveLength(2);
    for (const text of pages) expect(text).toContain((await person(cast.signerB)).email);
    const [fresh] = await copies(id);
    expect(fresh!.sourceKey).not.toBe(old!.sourceKey);
  });

  it('deleting a document drops its copies and their files', async () => {
    const kept = await copies(constitution);
    expect(kept).toHaveLength(3);
    expectStatus(
      await api(t, 'DELETE', `/projects/projects/${deal.projectId}/documents/${constitution}/`, cast.owner),
      204,
    );
    expect(await copies(constitution)).toEqual([]);
    await vi.waitFor(() => {
      for (const c of kept) expect(fs.existsSync(blobPath(c.blobKey))).toBe(false);
    });
    expectStatus(await api(t, 'GET', fileOf(constitution), cast.signerA1), 404);
  });
});
