import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { sectionNineMarkup } from '@tests/support/markup-docx.js';
import type { DocumentClause } from '@shared/clause-split.js';
import type { ThreadDto } from '@shared/dto.js';
import { importedChangeText, REDLINE_MESSAGES, type RedlineImportResult } from '@shared/redline.js';
import { API_BASE } from '@shared/constants.js';
import type { TestApp } from '@tests/support/app.js';
import { call } from '@tests/support/account-area.js';
import { bytesPart, fields } from '@tests/support/documents.js';
import { lettersOf } from '@tests/support/docx.js';
import type { TestUser } from '@tests/support/factories.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  eventRows,
  negotiate,
  negotiationSetup,
  nextMessage,
  openSocket,
  somewhere,
  subscribe,
} from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';

// POST /projects/nda/{id}/import_redline/ with confirm: the mark-up's matched changes and comments become
// ordinary threads (quote, proposal, clause, event, live message), marked when the sending team imported
// them for the bidder, once per file.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const sockets: Socket[] = [];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LAW_QUOTE = 'Governing Law: [California]';
const LAW_WORDING = 'Governing Law: the laws of England and Wales.';

const upload = (user: TestUser | null, body: Buffer, confirm: boolean, ndaId = deal.a.ndaId) =>
  call<RedlineImportResult & Record<string, unknown>>(t, 'POST', `/projects/nda/${ndaId}/import_redline/`, {
    access: user?.access ?? null,
    form: [...fields({ confirm }), bytesPart('file', body, 'markup.docx', DOCX)],
  });

const threadsOf = async (user: TestUser, ndaId = deal.a.ndaId) =>
  (await api<{ results: ThreadDto[] }>(t, 'GET', `/projects/comment_threads/?nda=${ndaId}&limit=-1`, user)).body
    .results;

/**
 * A mark-up of the NDA made with the docx library: two changes in one sentence of § 9 (one thread), a
 * comment on § 5's first words, and an insertion in words the NDA does not have (left out). `note` is
 * the comment's text, so two mark-ups are two files.
 */
async function markup(
  note: string,
): Promise<{ docx: Buffer; s9: DocumentClause; s5: DocumentClause; words: string[] }> {
  const clauses = (await api<DocumentClause[]>(t, 'GET', `/projects/nda/${deal.a.ndaId}/clauses/`, cast.signerA1)).body;
  return sectionNineMarkup(clauses, note);
}

const imported = (res: { body: RedlineImportResult }) => res.body.threads.map((th) => th.id);

negotiationSetup({ listen: true, sockets }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

describe('confirming a mark-up', () => {
  it('opens the bidder’s changes and comments as ordinary threads, live, once per file', async () => {
    const { docx, s9, s5, words } = await markup('Too broad.');
    const watcher = openSocket(url, cast.owner.access, sockets);
    await connected(watcher);
    expect(await subscribe(watcher, { ndaId: deal.a.ndaId })).toMatchObject({ ok: true });
    const live = nextMessage<ThreadDto>(watcher, 'thread.created', (m) => m.text === 'Too broad.');
    const before = (await eventRows(t, deal.projectId, 'new_comments_thread')).length;

    // The preview creates nothing; the confirmation creates what the preview matched.
    const preview = await upload(cast.signerA1, docx, false);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.threads).toBeUndefined();
    expect(await threadsOf(cast.signerA1)).toEqual([]);
    const res = await upload(cast.signerA1, docx, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items).toEqual(preview.body.items);

    const [change, comment] = res.body.threads;
    expect(res.body.threads).toHaveLength(2);
    expect(change).toMatchObject({
      quote: `${words[0]} ${words[1]} ${words[2]}`,
      proposal: `NEWWORD ${words[1]}`,
      text: importedChangeText('Buyer Counsel', `NEWWORD ${words[1]}`),
      authorId: cast.signerA1.id,
      negotiationStatus: 'unresolved',
      clause: { key: s9.key },
      imported: { by: 'Alice Acquirer', onBehalfOf: null },
    });
    expect(comment).toMatchObject({ text: 'Too broad.', proposal: null, clause: { key: s5.key } });
    expect(lettersOf(comment!.quote!)).toBe(lettersOf(s5.text.slice(0, 30)));
    // Each points inside its clause, on the page the clause is on.
    expect(s9.pages).toContain(change!.pointers[0]!.page);
    expect(s5.pages).toContain(comment!.pointers[0]!.page);
    // The unmatched insertion is not a thread.
    expect(res.body.items.find((i) => i.reason === REDLINE_MESSAGES.quoteNotFound)).toBeDefined();

    // Ordinary threads: read back by both sides, with events and the live message.
    expect((await threadsOf(cast.owner)).map((th) => th.id)).toEqual(imported(res));
    expect(await eventRows(t, deal.projectId, 'new_comments_thread')).toHaveLength(before + 2);
    expect((await live).id).toBe(comment!.id);
    // Negotiable: the sending team agrees to the wording, then the bidder's side.
    expectStatus(await negotiate(t, cast.owner, change!.id, 'approve'), 200);

    // The same file again creates nothing.
    const again = await upload(cast.signerA1, docx, true);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.code).toBe('redline_already_imported');
    expect(again.body.file).toEqual([REDLINE_MESSAGES.alreadyImported]);
    const fromA2 = await upload(cast.signerA2, docx, true);
    expect(fromA2.status).toBe(409);
    expect(await threadsOf(cast.signerA1)).toHaveLength(2);
  });

  it('marks the threads the sending team imports as made on the bidder’s behalf, for both sides', async () => {
    const { docx } = await markup('Please narrow this, on behalf of Buyer A.');
    const res = await upload(cast.manager, docx, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.threads).toHaveLength(2);
    const mark = { by: res.body.threads[0]!.author, onBehalfOf: 'Buyer A Capital' };
    for (const th of res.body.threads) expect(th).toMatchObject({ authorId: cast.manager.id, imported: mark });
    const mine = new Set(imported(res));
    for (const viewer of [cast.signerA1, cast.owner]) {
      const seen = (await threadsOf(viewer)).filter((th) => mine.has(th.id));
      expect(seen).toHaveLength(2);
      for (const th of seen) expect(th.imported).toEqual(mark);
    }
    // The wording is the bidder's, not the importer's: the manager who imported it answers it first,
    // and the bidder's side answers next.
    const change = res.body.threads.find((th) => th.proposal !== null)!;
    expectStatus(await negotiate(t, cast.manager, change.id, 'approve'), 200);
    expectStatus(await negotiate(t, cast.signerA1, change.id, 'approve'), 200);
    expect((await threadsOf(cast.owner)).find((th) => th.id === change.id)?.negotiationStatus).toBe(
      'approved_by_both_parties',
    );
  });

  it('answers 404 to a bidder of another group and to a stranger, and creates nothing', async () => {
    const { docx } = await markup('Not mine to import.');
    const count = (await threadsOf(cast.owner)).length;
    expect((await upload(cast.signerB, docx, true)).status).toBe(404);
    expect((await upload(cast.stranger, docx, true)).status).toBe(404);
    expect((await upload(cast.member, docx, true)).status).toBe(404);
    expect((await upload(null, docx, true)).status).toBe(401);
    expect(await threadsOf(cast.owner)).toHaveLength(count);
  });

  it('gives back the exported redline’s quotes and proposals as threads', async () => {
    // Group B: an agreed amendment and an open thread, exported, then imported by its bidder.
    const law = await api(t, 'POST', '/projects/comment_threads/', cast.signerB, {
      nda: deal.b.ndaId,
      pointers: somewhere,
      text: 'English law, please.',
      quote: LAW_QUOTE,
      proposal: LAW_WORDING,
    });
    expectStatus(law, 201);
    expectStatus(await negotiate(t, cast.owner, law.body.id, 'approve'), 200);
    expectStatus(await negotiate(t, cast.signerB, law.body.id, 'approve'), 200);
    expectStatus(
      await api(t, 'POST', '/projects/comment_threads/', cast.signerB, {
        nda: deal.b.ndaId,
        pointers: somewhere,
        text: 'Fix the date.',
        quote: 'Effective Date',
      }),
      201,
    );
    const exported = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/nda/${deal.b.ndaId}/redline.docx`,
      headers: { authorization: `Bearer ${cast.signerB.access}` },
    });
    expect(exported.statusCode).toBe(200);
    const res = await upload(cast.signerB, exported.rawPayload, true, deal.b.ndaId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const change = res.body.threads.find((th) => th.proposal === LAW_WORDING)!;
    expect(change).toBeDefined();
    expect(lettersOf(change.quote!)).toBe(lettersOf(LAW_QUOTE));
    expect(change.clause).toMatchObject({ key: 'h-governing-law-jurisdiction' });
    const comment = res.body.threads.find((th) => th.text === 'Fix the date.')!;
    expect(lettersOf(comment.quote!)).toBe(lettersOf('Effective Date'));
  });
});
