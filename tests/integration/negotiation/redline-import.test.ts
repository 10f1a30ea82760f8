import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MARKUP_BY, sectionNineMarkup } from '@tests/support/markup-docx.js';
import type { DocumentClause } from '@shared/clause-split.js';
import { REDLINE_MESSAGES, type RedlinePreview } from '@shared/redline.js';
import { API_BASE } from '@shared/constants.js';
import { UPLOAD_MESSAGES } from '@shared/uploads.js';
import type { TestApp } from '@tests/support/app.js';
import { call } from '@tests/support/account-area.js';
import { docxBomb, docxWith } from '@tests/support/bombs.js';
import { bytesPart } from '@tests/support/documents.js';
import { docxCounts, HAS_SOFFICE, lettersOf, sofficeConvert } from '@tests/support/docx.js';
import type { TestUser } from '@tests/support/factories.js';
import { api, type Cast, createDeal, type Deal, negotiationSetup, somewhere } from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';

// POST /projects/nda/{id}/import_redline/ answers a preview of what a bidder's Word mark-up would become:
// tracked changes as proposals at the deleted text (merged within a sentence), comments as threads at
// their words, what matches no text listed with its reason; hostile and unrelated files are refused.

let t: TestApp;
let cast: Cast;
let deal: Deal;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LAW_QUOTE = 'Governing Law: [California]';
const LAW_WORDING = 'Governing Law: the laws of England and Wales.';
const OPEN_QUOTE = 'Effective Date';

/** Text as XML character data. */
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const preview = (user: TestUser | null, body: Buffer, ndaId = deal.a.ndaId) =>
  call<RedlinePreview & Record<string, unknown>>(t, 'POST', `/projects/nda/${ndaId}/import_redline/`, {
    access: user?.access ?? null,
    form: [bytesPart('file', body, 'markup.docx', DOCX)],
  });

negotiationSetup({}, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
  const law = await api(t, 'POST', '/projects/comment_threads/', cast.signerA1, {
    nda: deal.a.ndaId,
    pointers: somewhere,
    text: 'English law, please.',
    quote: LAW_QUOTE,
    proposal: LAW_WORDING,
  });
  expectStatus(law, 201);
  expectStatus(await api(t, 'GET', `/projects/comment_threads/${law.body.id}/negotiation_approve/`, cast.owner), 200);
  expectStatus(
    await api(t, 'GET', `/projects/comment_threads/${law.body.id}/negotiation_approve/`, cast.signerA1),
    200,
  );
  expectStatus(
    await api(t, 'POST', '/projects/comment_threads/', cast.signerA1, {
      nda: deal.a.ndaId,
      pointers: somewhere,
      text: 'Fix the date.',
      quote: OPEN_QUOTE,
    }),
    201,
  );
});

describe('a mark-up’s preview', () => {
  it('gives back the exported redline’s quotes and proposals', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/nda/${deal.a.ndaId}/redline.docx`,
      headers: { authorization: `Bearer ${cast.signerA1.access}` },
    });
    expect(exported.statusCode).toBe(200);
    const res = await preview(cast.signerA1, exported.rawPayload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.commonText).toBeGreaterThan(0.95);
    const change = res.body.items.find((i) => i.kind === 'change' && i.proposal === LAW_WORDING)!;
    expect(change).toBeDefined();
    expect(lettersOf(change.quote)).toBe(lettersOf(LAW_QUOTE));
    expect(change.clause).toMatchObject({ key: 'h-governing-law-jurisdiction' });
    expect(change.reason).toBeNull();
    const comment = res.body.items.find((i) => i.kind === 'comment')!;
    expect(comment).toMatchObject({ text: 'Fix the date.', reason: null });
    expect(lettersOf(comment.quote)).toBe(lettersOf(OPEN_QUOTE));
    // A preview creates nothing.
    const threads = await t.core.db
      .selectFrom('commentThreads')
      .select('id')
      .where('ndaId', '=', deal.a.ndaId)
      .execute();
    expect(threads).toHaveLength(2);
  });

  it('accounts for every change and comment of a mark-up made with the docx library', async () => {
    const clauses = (await api<DocumentClause[]>(t, 'GET', `/projects/nda/${deal.a.ndaId}/clauses/`, cast.signerA1))
      .body;
    // Two changes in one sentence of § 9 (merged into one), a comment on § 5's first words, and an
    // insertion in a paragraph of words the NDA does not have (listed with its reason).
    const { docx, words } = await sectionNineMarkup(clauses, 'Too broad.');
    const res = await preview(cast.signerA1, docx);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changes = res.body.items.filter((i) => i.kind === 'change');
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({ author: 'Buyer Counsel', clause: { key: 's9' }, reason: null });
    expect(changes[0]!.quote).toBe(`${words[0]} ${words[1]} ${words[2]}`);
    expect(changes[0]!.proposal).toBe(`NEWWORD ${words[1]}`);
    expect(changes[1]).toMatchObject({ clause: null, reason: REDLINE_MESSAGES.quoteNotFound });
    expect(changes[1]!.proposal).toBe('Zebra quantum harmonica. Xylophone.');
    const comments = res.body.items.filter((i) => i.kind === 'comment');
    expect(comments).toEqual([
      expect.objectContaining({ text: 'Too broad.', clause: expect.objectContaining({ key: 's5' }), reason: null }),
    ]);
  });

  it.skipIf(!HAS_SOFFICE)(
    'accounts for every change and comment of a mark-up recorded in LibreOffice',
    { timeout: 120_000 },
    async () => {
      const clauses = (await api<DocumentClause[]>(t, 'GET', `/projects/nda/${deal.a.ndaId}/clauses/`, cast.signerA1))
        .body;
      const s9 = clauses.find((c) => c.key === 's9')!;
      const s5 = clauses.find((c) => c.key === 's5')!;
      // A whole word of § 9, after its first words.
      const at = s9.text.indexOf(' ', 40) + 1;
      const [head, rest] = [s9.text.slice(0, at), s9.text.slice(at)];
      const [deleted, ...after] = rest.split(' ');
      // A flat ODT as LibreOffice records changes: one word of § 9 replaced (a deletion and an
      // insertion), a comment on § 5's first words; LibreOffice itself turns it into the DOCX.
      const by = `<office:change-info><dc:creator>${MARKUP_BY.author}</dc:creator><dc:date>2026-11-27T10:00:00</dc:date></office:change-info>`;
      const paragraph = (c: DocumentClause) => {
        if (c === s9)
          return `<text:p>${xml(head)}<text:change text:change-id="d1"/><text:change-start text:change-id="i1"/>NEWWORD<text:change-end text:change-id="i1"/> ${xml(after.join(' '))}</text:p>`;
        if (c === s5)
          return `<text:p><office:annotation office:name="c1"><dc:creator>${MARKUP_BY.author}</dc:creator><text:p>Too vague.</text:p></office:annotation>${xml(c.text.slice(0, 30))}<office:annotation-end office:name="c1"/>${xml(c.text.slice(30))}</text:p>`;
        return `<text:p>${xml(c.text)}</text:p>`;
      };
      const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:tracked-changes text:track-changes="true">
<text:changed-region xml:id="d1" text:id="d1"><text:deletion>${by}<text:p>${xml(deleted!)}</text:p></text:deletion></text:changed-region>
<text:changed-region xml:id="i1" text:id="i1"><text:insertion>${by}</text:insertion></text:changed-region>
</text:tracked-changes>
${clauses.map(paragraph).join('\n')}
</office:text></office:body></office:document>`;
      const converted = await sofficeConvert(Buffer.from(fodt), 'fodt', 'docx');
      expect(converted.file, converted.stderr).not.toBeNull();
      const counts = docxCounts(converted.file!);
      expect(counts).toMatchObject({ ins: 1, del: 1, comments: 1 });

      const res = await preview(cast.signerA1, converted.file!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Every change and comment LibreOffice recorded is accounted for, and each matched the NDA.
      expect(res.body.items).toHaveLength(2);
      expect(res.body.items.every((i) => i.reason === null)).toBe(true);
      const change = res.body.items.find((i) => i.kind === 'change')!;
      expect(change).toMatchObject({ author: MARKUP_BY.author, clause: { key: 's9' }, proposal: 'NEWWORD' });
      expect(lettersOf(change.quote)).toBe(lettersOf(deleted!));
      const comment = res.body.items.find((i) => i.kind === 'comment')!;
      expect(comment).toMatchObject({ text: 'Too vague.', clause: { key: 's5' } });
      expect(lettersOf(comment.quote)).toBe(lettersOf(s5.text.slice(0, 30)));
    },
  );

  it('answers 404 to anyone who may not see the NDA, 401 without a token', async () => {
    const body = docxWith('<w:document/>');
    expect((await preview(cast.signerB, body)).status).toBe(404);
    expect((await preview(cast.stranger, body)).status).toBe(404);
    expect((await preview(null, body)).status).toBe(401);
  });
});

describe('hostile and unrelated files', () => {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const refused = async (body: Buffer, status: number, message: string, code?: string) => {
    const res = await preview(cast.signerA1, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.file).toEqual([message]);
    if (code) expect(res.body.code).toBe(code);
  };

  it('refuses a zip bomb before unpacking it', () => refused(docxBomb(300), 400, REDLINE_MESSAGES.unpacksTooLarge));

  it('refuses a file over the size cap', () =>
    refused(crypto.randomBytes(11 * 1024 * 1024), 413, UPLOAD_MESSAGES.sourceTooLarge));

  it('refuses external entities (XXE) without resolving them', () =>
    refused(
      docxWith(
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document ${W}><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>`,
      ),
      400,
      REDLINE_MESSAGES.entities,
    ));

  it('refuses macros', () =>
    refused(
      docxWith(`<w:document ${W}><w:body/></w:document>`, [
        { name: 'word/vbaProject.bin', data: Buffer.from('macro') },
      ]),
      400,
      REDLINE_MESSAGES.macros,
    ));

  it('refuses what is not a DOCX', () => refused(Buffer.from('%PDF-1.7\n%%EOF\n'), 400, REDLINE_MESSAGES.notDocx));

  it('refuses a DOCX not based on this NDA', () =>
    refused(
      docxWith(
        `<w:document ${W}><w:body><w:p><w:r><w:t>A lease of office space in Leeds.</w:t></w:r></w:p></w:body></w:document>`,
      ),
      400,
      REDLINE_MESSAGES.unrelated,
      'redline_unrelated',
    ));
});
