import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { call } from '@tests/support/account-area.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  negotiate,
  negotiationSetup,
  nextMessage,
  openSocket,
  subscribe,
} from '@tests/support/negotiation.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import { readZip } from '@tests/support/zip-read.js';

// Internal notes (POST/GET /projects/comment_threads/{id}/notes/, tRPC notes.*): the sending team's own
// remarks on a thread, live to that team only, and found nowhere a bidder looks over a whole journey.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: true, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

/** A string no other text holds: found anywhere a bidder receives, it is a leak. */
const MARKER = 'INTERNAL-NOTE-9K2W';

const notes = (user: TestUser | null, threadId: number, body?: unknown) =>
  api(t, body === undefined ? 'GET' : 'POST', `/projects/comment_threads/${threadId}/notes/`, user, body);

async function openThread(user: TestUser, ndaId: number): Promise<number> {
  const res = await api(t, 'POST', '/projects/comment_threads/', user, {
    nda: ndaId,
    text: 'Twelve months, please.',
    pointers: [{ page: 1, x: 0.3, y: 0.5 }],
    quote: 'Term',
    proposal: 'The term is 12 months.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

describe('internal notes', () => {
  it('are written and read by the sending team over REST and tRPC, and are 404 to everyone else', async () => {
    const deal = await createDeal(t, cast);
    const thread = await openThread(cast.signerA1, deal.a.ndaId);
    const made = await notes(cast.owner, thread, { text: 'Their fund needs 12 months; we can live with it.' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      commentThread: thread,
      nda: deal.a.ndaId,
      text: 'Their fund needs 12 months; we can live with it.',
      author: 'Olivia Owner',
      authorId: cast.owner.id,
    });
    const twin = await trpcMutation(
      t,
      'notes.create',
      { id: thread, text: 'Agreed, but not below 12.' },
      authHeader(cast.manager.access),
    );
    expect(twin.status, JSON.stringify(twin)).toBe(200);

    const listed = await notes(cast.manager, thread);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((n: { text: string }) => n.text)).toEqual([
      'Their fund needs 12 months; we can live with it.',
      'Agreed, but not below 12.',
    ]);
    const byThread = await trpcQuery(t, 'notes.list', { id: thread }, authHeader(cast.owner.access));
    expect(byThread.data).toEqual(listed.body.results);
    const byNda = await trpcQuery(t, 'notes.ofNda', { nda: deal.a.ndaId }, authHeader(cast.owner.access));
    expect(byNda.data).toEqual(listed.body.results);

    for (const user of [cast.signerA1, cast.signerA2, cast.signerB, cast.stranger, cast.member]) {
      const read = await notes(user, thread);
      expect(read.status, user.email).toBe(404);
      expect(read.body.code).toBe('not_found');
      const write = await notes(user, thread, { text: 'Let me in.' });
      expect(write.status, user.email).toBe(404);
      expect(write.body.code).toBe('not_found');
      expect((await trpcQuery(t, 'notes.list', { id: thread }, authHeader(user.access))).status).toBe(404);
      expect((await trpcQuery(t, 'notes.ofNda', { nda: deal.a.ndaId }, authHeader(user.access))).status).toBe(404);
      expect(
        (await trpcMutation(t, 'notes.create', { id: thread, text: 'Let me in.' }, authHeader(user.access))).status,
      ).toBe(404);
    }
    expect((await notes(null, thread)).status).toBe(401);
    for (const body of [{}, { text: '   ' }, { text: 'x'.repeat(5001) }]) {
      const bad = await notes(cast.owner, thread, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('invalid_input');
    }
    expect((await notes(cast.owner, 999_999)).status).toBe(404);
    // The refused writes wrote nothing.
    expect((await notes(cast.owner, thread)).body.results).toHaveLength(2);
  });

  it('never reach a bidder: not by REST, tRPC, socket, e-mail, the signed PDF and certificate, or events', async () => {
    const deal = await createDeal(t, cast);
    const bidder = openSocket(url, cast.signerA1.access, open);
    const team = openSocket(url, cast.manager.access, open);
    await Promise.all([connected(bidder), connected(team)]);
    for (const target of [{ projectId: deal.projectId }, { ndaId: deal.a.ndaId }]) {
      expect(await subscribe(bidder, target)).toMatchObject({ ok: true });
      expect(await subscribe(team, target)).toMatchObject({ ok: true });
    }
    const received: string[] = [];
    bidder.onAny((event: string, payload: unknown) => received.push(`${event} ${JSON.stringify(payload)}`));

    const thread = await openThread(cast.signerA1, deal.a.ndaId);
    const live = nextMessage(team, 'note.created', (m) => m.commentThread === thread);
    const note = await notes(cast.owner, thread, { text: `${MARKER}: accept, they are the likely winner.` });
    expect(note.status).toBe(201);
    expect(await live).toEqual(note.body);
    expect(
      (await trpcMutation(t, 'notes.create', { id: thread, text: `${MARKER} twice` }, authHeader(cast.manager.access)))
        .status,
    ).toBe(200);

    // The negotiation goes on and ends in a signature: the bidder sees replies, moves and the signed file.
    const replied = nextMessage(bidder, 'comment.created', (m) => m.commentThread === thread);
    expect(
      (await api(t, 'POST', '/projects/comments/', cast.owner, { comment_thread: thread, text: 'Fine by us.' })).status,
    ).toBe(201);
    await replied;
    expect((await negotiate(t, cast.owner, thread, 'approve')).status).toBe(200);
    expect((await negotiate(t, cast.signerA1, thread, 'approve')).status).toBe(200);
    const signed = await api(
      t,
      'POST',
      `/projects/dashboard/${deal.a.signerships[cast.signerA1.id]}/sign/`,
      cast.signerA1,
      {
        consent: true,
      },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // A note written after signing is still the team's own.
    expect((await notes(cast.owner, thread, { text: `${MARKER} after signing` })).status).toBe(201);

    const door = async (path: string) => JSON.stringify((await api(t, 'GET', path, cast.signerA1)).body);
    const rest = await Promise.all([
      door(`/projects/projects/${deal.projectId}/`),
      door(`/projects/comment_threads/?nda=${deal.a.ndaId}`),
      door(`/projects/comment_threads/${thread}/`),
      door(`/projects/comment_threads/${thread}/notes/`),
      door(`/projects/comments/?comment_thread=${thread}`),
      door(`/projects/negotiations/?comment_thread=${thread}`),
      door(`/projects/nda/${deal.a.ndaId}/`),
      door('/projects/events/'),
      door('/projects/dashboard/'),
    ]);
    const trpc = await Promise.all(
      [
        ['threads.list', { nda: deal.a.ndaId }],
        ['notes.list', { id: thread }],
        ['notes.ofNda', { nda: deal.a.ndaId }],
        ['events.list', {}],
      ].map(async ([path, input]) =>
        JSON.stringify(await trpcQuery(t, path as string, input, authHeader(cast.signerA1.access))),
      ),
    );
    const pdf = await call(t, 'GET', `/projects/nda/${deal.a.ndaId}/get_nda_pdf/`, { access: cast.signerA1.access });
    expect(pdf.status).toBe(200);
    const pdfTexts = [pdf.raw.toString('latin1')];
    if (HAS_PDFTOTEXT) {
      const text = pdfText(pdf.raw);
      // The search reads the signed file's words: its certificate is there.
      expect(text).toMatch(/certificate/i);
      pdfTexts.push(text);
    }
    // The Word redline a bidder can download: every part of it, as text.
    const redline = await call(t, 'GET', `/projects/nda/${deal.a.ndaId}/redline.docx`, {
      access: cast.signerA1.access,
    });
    expect(redline.status).toBe(200);
    const redlineText = [...readZip(redline.raw).values()].map((part) => part.toString('utf8')).join('\n');
    expect(redlineText).toContain('w:document');
    const mails = await t.core.db
      .selectFrom('outboxEmails')
      .select(['subject', 'textBody', 'htmlBody'])
      .where('toAddress', 'in', [cast.signerA1.email, cast.signerA2.email])
      .execute();
    // What the digest will mail them later.
    const pending = await t.core.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', 'in', [cast.signerA1.id, cast.signerA2.id])
      .execute();

    // The search looks where the bidder's things are: the reply and the signature did reach them.
    expect(received.join('\n')).toContain('Fine by us.');
    expect(rest.join('\n')).toContain('Fine by us.');
    expect(mails.length).toBeGreaterThan(0);
    for (const text of [
      ...rest,
      ...trpc,
      received.join('\n'),
      JSON.stringify(mails),
      JSON.stringify(pending),
      ...pdfTexts,
      redlineText,
    ])
      expect(text).not.toContain(MARKER);
    // The team, meanwhile, reads all three.
    expect((await notes(cast.manager, thread)).body.results).toHaveLength(3);
  });
});
