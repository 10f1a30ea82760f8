import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import type { TestApp } from '@tests/support/app.js';
import { docxCounts, docxParts, HAS_SOFFICE, lettersOf, sofficeToPdf } from '@tests/support/docx.js';
import type { TestUser } from '@tests/support/factories.js';
import { api, type Cast, createDeal, type Deal, negotiationSetup, somewhere } from '@tests/support/negotiation.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';

// GET /projects/nda/{id}/redline.docx: the negotiated NDA as a Word redline. Agreed amendments are tracked
// changes by the agreeing party's company at the time of agreement, open threads are comments with their
// replies and their standing proposal suggested, and what cannot be placed goes to sections at the end.

let t: TestApp;
let cast: Cast;
let deal: Deal;

const MARKER = 'PLAYBOOK-ZX81-MARKER';
const LAW_QUOTE = 'Governing Law: [California]';
const LAW_WORDING = 'Governing Law: the laws of England and Wales.';
const COURTS_QUOTE = 'Jurisdiction: [courts located in Los Angeles County, CA]';
const COURTS_WORDING = 'Jurisdiction: the courts of London.';
const LOST_QUOTE = 'A sentence this NDA never had in it.';
const LOST_WORDING = 'Each party bears its own costs.';
const OPEN_QUOTE = 'Effective Date';
const OPEN_PROPOSAL = 'Effective Date: the date of the last signature.';
const REPLY_1 = 'We need a fixed date for the board.';
const REPLY_2 = 'The last signature gives one.';

const openThread = (user: TestUser, body: Record<string, unknown>) =>
  api(t, 'POST', '/projects/comment_threads/', user, { nda: deal.a.ndaId, pointers: somewhere, ...body });
const move = (user: TestUser, thread: number, m: 'approve' | 'reject') =>
  api(t, 'GET', `/projects/comment_threads/${thread}/negotiation_${m}/`, user);

async function download(user: TestUser | null, ndaId = deal.a.ndaId) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}/projects/nda/${ndaId}/redline.docx`,
    headers: user ? { authorization: `Bearer ${user.access}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

async function companyOf(user: TestUser): Promise<string> {
  const row = await t.core.db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select('companies.name')
    .where('users.id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** The time of a thread's last approval, as Word writes it (whole seconds). */
async function approvedAt(thread: number): Promise<string> {
  const row = await t.core.db
    .selectFrom('negotiations')
    .select('createdAt')
    .where('commentThreadId', '=', thread)
    .where('move', '=', 'approve')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.createdAt.toISOString().replace(/\.\d+Z$/, 'Z');
}

let law: number;
let courts: number;

negotiationSetup({}, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
  expectStatus(
    await api(t, 'PUT', `/projects/projects/${deal.projectId}/playbook/`, cast.owner, {
      clauses: [
        { key: 's9', preferred: `${MARKER} preferred`, fallbacks: [], walkAway: MARKER, guidance: `${MARKER} guide` },
      ],
    }),
    200,
  );
  // 1. The buyer proposes English law; the owner approves, then the buyer: the buyer agrees last.
  const a = await openThread(cast.signerA1, { text: 'English law, please.', quote: LAW_QUOTE, proposal: LAW_WORDING });
  expectStatus(a, 201);
  law = a.body.id;
  expectStatus(await move(cast.owner, law, 'approve'), 200);
  expectStatus(await move(cast.signerA1, law, 'approve'), 200);
  // 2. The owner proposes London courts; the buyer approves, then the owner: the sender agrees last.
  const b = await openThread(cast.owner, { text: 'London courts.', quote: COURTS_QUOTE, proposal: COURTS_WORDING });
  expectStatus(b, 201);
  courts = b.body.id;
  expectStatus(await move(cast.signerA1, courts, 'approve'), 200);
  expectStatus(await move(cast.owner, courts, 'approve'), 200);
  // 3. An agreed amendment whose quote is not in the text.
  const c = await openThread(cast.owner, { text: 'Costs.', quote: LOST_QUOTE, proposal: LOST_WORDING });
  expectStatus(c, 201);
  expectStatus(await move(cast.signerA1, c.body.id, 'approve'), 200);
  expectStatus(await move(cast.owner, c.body.id, 'approve'), 200);
  // 4. An open thread with a proposal and two replies; 5. an open thread with neither.
  const d = await openThread(cast.signerA1, { text: 'Fix the date.', quote: OPEN_QUOTE, proposal: OPEN_PROPOSAL });
  expectStatus(d, 201);
  for (const [user, text] of [
    [cast.owner, REPLY_1],
    [cast.signerA1, REPLY_2],
  ] as const)
    expectStatus(await api(t, 'POST', '/projects/comments/', user, { comment_thread: d.body.id, text }), 201);
  expectStatus(await openThread(cast.signerA2, { text: 'Who are the parties?', quote: 'Parties' }), 201);
  // 6. A thread both rejected: settled, not in the redline.
  const e = await openThread(cast.signerA1, { text: 'Shorter term.', quote: 'MNDA Term', proposal: 'One year.' });
  expectStatus(e, 201);
  expectStatus(await move(cast.owner, e.body.id, 'reject'), 200);
  expectStatus(await move(cast.signerA1, e.body.id, 'reject'), 200);
});

describe('GET /projects/nda/{id}/redline.docx', () => {
  it('answers a DOCX to the sending team and to the group’s signers', async () => {
    for (const user of [cast.owner, cast.manager, cast.signerA1, cast.signerA2]) {
      const res = await download(user);
      expect(res.status, `${user.email}: ${res.body.toString('utf8', 0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(res.headers['content-disposition']).toContain('(redline).docx');
      expect(res.body.subarray(0, 2).toString('latin1')).toBe('PK');
    }
  });

  it('answers 404 to anyone who may not see the NDA, 401 without a token', async () => {
    for (const user of [cast.signerB, cast.member, cast.stranger]) expect((await download(user)).status).toBe(404);
    expect((await download(null)).status).toBe(401);
    expect((await download(cast.owner, 2_000_000_000)).status).toBe(404);
  });

  it('counts one tracked change per agreed amendment and one comment per open thread and reply', async () => {
    const docx = (await download(cast.signerA1)).body;
    // Three agreed amendments (three insertions, two deletions: one quote is not in the text), one
    // standing proposal on an open thread (an insertion); two open threads and two replies (comments).
    expect(docxCounts(docx)).toEqual({ ins: 4, del: 2, comments: 4 });
    const parts = docxParts(docx);
    const document = parts.get('word/document.xml')!;
    const comments = parts.get('word/comments.xml')!;
    for (const text of [LAW_WORDING, COURTS_WORDING, LOST_WORDING, OPEN_PROPOSAL, 'Agreed amendments'])
      expect(document).toContain(text);
    for (const text of ['Fix the date.', REPLY_1, REPLY_2, 'Who are the parties?']) expect(comments).toContain(text);
    expect(document).not.toContain('One year.');
    // Both open threads' quotes are in the text: no section for unplaced comments.
    expect(document).not.toContain('Open comments');
    // Replies are replies: threaded through commentsExtended.xml.
    expect(countParents(parts.get('word/commentsExtended.xml') ?? '')).toBe(2);
  });

  it('signs each agreed amendment with the agreeing party’s company and the time of agreement', async () => {
    const document = docxParts((await download(cast.owner)).body).get('word/document.xml')!;
    const change = (wording: string) => {
      const at = document.indexOf(wording);
      const open = document.lastIndexOf('<w:ins ', at);
      return document.slice(open, document.indexOf('>', open));
    };
    const sender = await companyOf(cast.owner);
    const buyer = await companyOf(cast.signerA1);
    expect(sender).not.toBe(buyer);
    expect(change(LAW_WORDING)).toContain(`w:author="${buyer}"`);
    expect(change(LAW_WORDING)).toContain(`w:date="${await approvedAt(law)}"`);
    expect(change(COURTS_WORDING)).toContain(`w:author="${sender}"`);
    expect(change(COURTS_WORDING)).toContain(`w:date="${await approvedAt(courts)}"`);
  });

  it('never carries the playbook, to a bidder or to the team', async () => {
    for (const user of [cast.signerA1, cast.owner]) {
      const parts = docxParts((await download(user)).body);
      for (const [name, text] of parts) expect(text, name).not.toContain(MARKER);
    }
  });

  it.runIf(HAS_SOFFICE && HAS_PDFTOTEXT)(
    'converts with soffice --headless --convert-to pdf, changes shown',
    async () => {
      const docx = (await download(cast.signerA1)).body;
      if (process.env.REDLINE_OUT) fs.writeFileSync(process.env.REDLINE_OUT, docx);
      const converted = await sofficeToPdf(docx);
      expect(converted.status, converted.stderr).toBe(0);
      expect(converted.pdf).not.toBeNull();
      const text = lettersOf(pdfText(converted.pdf!));
      for (const wording of [LAW_WORDING, COURTS_WORDING, LOST_WORDING]) expect(text).toContain(lettersOf(wording));
    },
    180_000,
  );
});

/** Comments whose paragraph names a parent: the replies. */
function countParents(xml: string): number {
  return xml.match(/w15:paraIdParent="/g)?.length ?? 0;
}
