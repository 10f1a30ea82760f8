import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { digestWindowPasses } from '@tests/support/digest.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createCast,
  createDeal,
  type Deal,
  negotiate,
  openSocket,
  subscribe,
  threadBy,
} from '@tests/support/negotiation.js';
import { type ReceivedMail, type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { SETUP_MS, waitFor } from '@tests/support/wait.js';

// E-mail notifications end to end: commands queue items with their event (queue-notifications.ts),
// the digest worker (processors/notification-digest.ts) sends one e-mail per person and window through
// the outbox, to a real SMTP listener, with presence read from real sockets.

// A window no test's moves outlast, however slow the machine: a test says when it has passed
// (tests/support/digest.ts), so what it checks within the window and after it never depends on the
// clock.
const WINDOW_SECONDS = 3600;

let t: TestApp;
let smtp: SmtpListener;
let url: string;
let cast: Cast;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ smtpUrl: smtp.url, notifyDigestSeconds: WINDOW_SECONDS, notifyPollMs: 100 });
  url = await t.listen();
  cast = await createCast(t);
}, SETUP_MS);
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  // Nothing of one test is left to land in the next one's e-mails.
  await settle();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const pendingOf = (user?: TestUser) =>
  t.core.db
    .selectFrom('notifications')
    .selectAll()
    .where('status', '=', 'pending')
    .$if(!!user, (q) => q.where('userId', '=', user!.id))
    .execute();
const notificationsOf = (user: TestUser) =>
  t.core.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).orderBy('id').execute();

const isNotification = (m: ReceivedMail) => 'list-unsubscribe' in m.headers;
/** Notification e-mails a person received after `since` (an index into smtp.received). */
const notificationsTo = (user: TestUser, since = 0) =>
  smtp.received.slice(since).filter((m) => isNotification(m) && m.envelopeTo.includes(user.email));

const windowPasses = () => digestWindowPasses(t.core.db, WINDOW_SECONDS);

/** The window passes, and the person's next notification e-mail after `since` arrives. */
async function nextNotification(user: TestUser, since: number): Promise<ReceivedMail> {
  await windowPasses();
  return smtp.waitForMail(
    (m) => smtp.received.indexOf(m) >= since && isNotification(m) && m.envelopeTo.includes(user.email),
    20_000,
  );
}

/**
 * The window passes for every item queued so far (and for any queued meanwhile), the digest deals
 * with them all, and the outbox sends what it queued.
 */
async function settle(): Promise<void> {
  await waitFor(
    async () => {
      await windowPasses();
      return pendingOf();
    },
    (rows) => rows.length === 0,
    20_000,
  );
  await t.core.outbox.drain();
}

const reply = (user: TestUser, thread: number, text: string, proposal?: string) =>
  api(t, 'POST', '/projects/comments/', user, { comment_thread: thread, text, ...(proposal ? { proposal } : {}) });

const ndaLink = (deal: Deal, group: 'a' | 'b') =>
  `${t.config.appUrl}/projects/${deal.projectId}/group/${deal[group].branchId}/nda`;

const unsubscribeLinks = (mail: ReceivedMail) => [...mail.text.matchAll(/unsubscribe: (\S+)/g)].map((m) => m[1]!);
const tokenOf = (link: string) => decodeURIComponent(link.split('/unsubscribe/')[1]!);

async function setSwitches(user: TestUser, on: { notify_negotiation?: boolean; notify_outcomes?: boolean }) {
  const res = await api(t, 'PATCH', `/me/${user.id}/`, user, on);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('negotiation activity', () => {
  let deal: Deal;
  beforeAll(async () => {
    deal = await createDeal(t, cast, { name: 'Project Falcon' });
  });

  it('gathers several moves of the adviser into one e-mail to each buyer, and tells the adviser of the buyer’s move', async () => {
    const since = smtp.received.length;
    // The buyer opens a thread: the sending team hears of it, the buyer's colleague does not (same side).
    const buyerThread = await threadBy(t, cast.signerA1, deal.a.ndaId, 'Clause 7 should expire after two years.');
    // Then three moves of the sending team within the window.
    await negotiate(t, cast.owner, buyerThread, 'approve').then((r) => expect(r.status).toBe(200));
    const ownerThread = await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 4 should be mutual.');
    expect(
      (
        await reply(
          cast.manager,
          buyerThread,
          'We could accept three years.',
          'This clause expires three years after signing.',
        )
      ).status,
    ).toBe(201);

    const mail = await nextNotification(cast.signerA1, since);
    // Each buyer's digest is its own e-mail: the colleague's may land a moment later.
    await nextNotification(cast.signerA2, since);
    await settle();
    expect(notificationsTo(cast.signerA1, since)).toHaveLength(1);
    expect(notificationsTo(cast.signerA2, since)).toHaveLength(1);

    expect(mail.headers.subject).toBe('3 updates on Project Falcon');
    expect(mail.text).toContain('Hello Alice,');
    expect(mail.text).toContain(
      'Olivia Owner of Adviser Partners LLP approved the thread “Clause 7 should expire after two years.”.',
    );
    expect(mail.text).toContain(
      'Olivia Owner of Adviser Partners LLP opened a comment thread: “Clause 4 should be mutual.”',
    );
    expect(mail.text).toMatch(
      /of Adviser Partners LLP replied in the thread “Clause 7 should expire after two years\.” and proposed new wording: “This clause expires three years after signing\.”/,
    );
    // Their own thread is not news to them; the group's name is the sending team's label, not shown to buyers.
    expect(mail.text).not.toContain('Alice Acquirer');
    expect(mail.text).toContain('Project Falcon – Mutual NDA');
    expect(mail.text).not.toContain('Group A');
    expect(mail.text).toContain(`Open the NDA: ${ndaLink(deal, 'a')}`);
    expect(mail.html).toContain(`href="${ndaLink(deal, 'a')}"`);
    expect(mail.html).toContain('<li');
    expect(mail.html).toContain('Clause 4 should be mutual.');
    // One unsubscribe link, in the body and in the List-Unsubscribe header, for one-click unsubscribing.
    const links = unsubscribeLinks(mail);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${t.config.appUrl}/unsubscribe/[\\w-]+\\.negotiation\\.[\\w-]{40,}$`));
    expect(mail.headers['list-unsubscribe']).toBe(`<${links[0]}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The sending team hears of the buyer's thread (the project's owner and its team member), with the group's name.
    const toOwner = notificationsTo(cast.owner, since);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.headers.subject).toBe('New activity on Project Falcon');
    expect(toOwner[0]!.text).toContain(
      'Alice Acquirer of Buyer A Capital opened a comment thread: “Clause 7 should expire after two years.”',
    );
    expect(toOwner[0]!.text).toContain('Project Falcon – Group A – Mutual NDA');
    expect(notificationsTo(cast.manager, since)).toHaveLength(1);
    // Not the other group's buyer, nor a team member who is not on the project, nor another company.
    for (const other of [cast.signerB, cast.member, cast.stranger]) expect(notificationsTo(other, since)).toEqual([]);
    expect((await notificationsOf(cast.signerA1)).every((n) => n.status === 'sent')).toBe(true);
    expect(ownerThread).toBeGreaterThan(0);
  });

  it('sends nothing to someone who has the NDA open, then or when the e-mail would go', async () => {
    const since = smtp.received.length;
    // Buyer B has group B's NDA open: a real socket in the NDA's room, with presence.
    const s = openSocket(url, cast.signerB.access, sockets);
    await connected(s);
    expect(await subscribe(s, { ndaId: deal.b.ndaId })).toMatchObject({ ok: true });
    s.emit('presence.update', { ndaId: deal.b.ndaId, page: 2 });

    await threadBy(t, cast.owner, deal.b.ndaId, 'Clause 9 needs a cap on liability.');
    // Group A's buyers have nothing open: their e-mail shows the worker ran meanwhile.
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 2 should name the parties’ affiliates.');
    await nextNotification(cast.signerA1, since);
    await settle();
    expect(notificationsTo(cast.signerB, since)).toEqual([]);
    const items = await notificationsOf(cast.signerB);
    expect(items.at(-1)).toMatchObject({ ndaId: deal.b.ndaId, status: 'seen', sentAt: null });

    // A move made while they were away, but they open the NDA before the e-mail goes: not sent either.
    s.disconnect();
    await waitFor(
      () => t.core.realtime.viewersOf(deal.b.ndaId),
      (v) => !v.has(cast.signerB.id),
    );
    const since2 = smtp.received.length;
    await threadBy(t, cast.owner, deal.b.ndaId, 'Clause 10 should allow disclosure to regulators.');
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 3 should exclude public information.');
    const again = openSocket(url, cast.signerB.access, sockets);
    await connected(again);
    expect(await subscribe(again, { ndaId: deal.b.ndaId })).toMatchObject({ ok: true });
    await nextNotification(cast.signerA1, since2);
    await settle();
    expect(notificationsTo(cast.signerB, since2)).toEqual([]);
    expect((await notificationsOf(cast.signerB)).at(-1)).toMatchObject({ status: 'seen' });
  });

  it('stops when the person turns negotiation e-mails off on their account', async () => {
    const since = smtp.received.length;
    const user = await setSwitches(cast.signerA2, { notify_negotiation: false });
    expect(user).toMatchObject({ notifyNegotiation: false, notifyOutcomes: true });
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 5 should allow a copy for legal records.');
    await nextNotification(cast.signerA1, since);
    await settle();
    expect(notificationsTo(cast.signerA2, since)).toEqual([]);
    expect((await notificationsOf(cast.signerA2)).filter((n) => n.status === 'pending')).toEqual([]);

    // Turned on again (through tRPC, as the account page does), they hear of the next move.
    const on = await trpcMutation(
      t,
      'account.updateProfile',
      { notifyNegotiation: true },
      authHeader(cast.signerA2.access),
    );
    expect(on.data).toMatchObject({ notifyNegotiation: true, notifyOutcomes: true });
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 6 should survive termination for two years.');
    const mail = await nextNotification(cast.signerA2, since);
    expect(mail.text).toContain('Clause 6 should survive termination');
    expect(mail.text).not.toContain('Clause 5');
  });

  it('sends nothing of an NDA the person may no longer see when the e-mail would go', async () => {
    const other = await createDeal(t, cast, { name: 'Project Kestrel' });
    const since = smtp.received.length;
    await threadBy(t, cast.owner, other.b.ndaId, 'Clause 9 should cap liability.');
    expect(await pendingOf(cast.signerB)).toHaveLength(1);
    // Taken out of the group within the window: the queued item is dropped, not mailed.
    await t.core.db.deleteFrom('signerships').where('id', '=', other.b.signerships[cast.signerB.id]!).execute();
    await settle();
    expect(notificationsTo(cast.signerB, since)).toEqual([]);
    expect((await notificationsOf(cast.signerB)).at(-1)).toMatchObject({ status: 'skipped' });
  });

  it('unsubscribes from the link without signing in, and refuses a link that was changed', async () => {
    const since = smtp.received.length;
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 8 should name the governing law.');
    const mail = await nextNotification(cast.signerA1, since);
    await settle();
    const token = tokenOf(unsubscribeLinks(mail)[0]!);

    // Changed: another user's id with this signature, another kind, a cut signature. Nothing changes.
    const [uid, kinds, mac] = token.split('.') as [string, string, string];
    const otherUid = Buffer.from(String(cast.signerA2.id)).toString('base64url');
    for (const bad of [
      `${otherUid}.${kinds}.${mac}`,
      `${uid}.outcomes.${mac}`,
      `${uid}.${kinds}.${mac.slice(1)}`,
      'x',
    ]) {
      const res = await api(t, 'POST', '/notifications/unsubscribe/', null, { token: bad });
      expect(res.status).toBe(400);
      expect(res.body.nonFieldErrors[0]).toMatch(/This unsubscribe link is not valid/);
    }
    const oneClickBad = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${otherUid}.${kinds}.${mac}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClickBad.statusCode).toBe(400);
    const switches = (id: number) =>
      t.core.db
        .selectFrom('users')
        .select(['notifyNegotiation', 'notifyOutcomes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await switches(cast.signerA1.id)).toEqual({ notifyNegotiation: true, notifyOutcomes: true });
    expect(await switches(cast.signerA2.id)).toEqual({ notifyNegotiation: true, notifyOutcomes: true });

    // The page the link opens calls this, with no session: that kind is off, the other stays on.
    const res = await trpcMutation(t, 'account.unsubscribe', { token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      kinds: ['negotiation'],
      detail: 'You will no longer receive e-mails about negotiation activity.',
    });
    expect(await switches(cast.signerA1.id)).toEqual({ notifyNegotiation: false, notifyOutcomes: true });
    // Again: still fine, nothing else changes.
    expect((await trpcMutation(t, 'account.unsubscribe', { token })).status).toBe(200);

    const since2 = smtp.received.length;
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 11 should allow assignment to an acquirer.');
    await nextNotification(cast.signerA2, since2);
    await settle();
    expect(notificationsTo(cast.signerA1, since2)).toEqual([]);
    await setSwitches(cast.signerA1, { notify_negotiation: true });
  });

  it('one-click unsubscribe (RFC 8058) from the List-Unsubscribe header works without a session', async () => {
    const since = smtp.received.length;
    await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 12 should allow notices by e-mail.');
    const mail = await nextNotification(cast.signerA2, since);
    await settle();
    const header = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: header.replace(t.config.appUrl, ''),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const user = await t.core.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', cast.signerA2.id)
      .executeTakeFirstOrThrow();
    expect(user.notifyNegotiation).toBe(false);
    await setSwitches(cast.signerA2, { notify_negotiation: true });
  });
});

describe('outcomes', () => {
  it('tells the sending team when a recipient passes, and not a person who turned it off', async () => {
    const deal = await createDeal(t, cast, { name: 'Project Kestrel' });
    await setSwitches(cast.manager, { notify_outcomes: false });
    const since = smtp.received.length;
    const res = await api(
      t,
      'POST',
      `/projects/dashboard/${deal.a.signerships[cast.signerA1.id]}/reject/`,
      cast.signerA1,
      { reason: 'The price is above our mandate.' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const mail = await nextNotification(cast.owner, since);
    expect(mail.headers.subject).toBe('A recipient passed on Project Kestrel');
    expect(mail.text).toContain(
      'Alice Acquirer of Buyer A Capital passed on the opportunity and gave this reason: “The price is above our mandate.”',
    );
    expect(mail.text).toContain('Project Kestrel – Group A – Mutual NDA');
    await settle();
    expect(notificationsTo(cast.manager, since)).toEqual([]);
    // The buyers are not told of their own side's pass.
    for (const other of [cast.signerA1, cast.signerA2]) expect(notificationsTo(other, since)).toEqual([]);
    await setSwitches(cast.manager, { notify_outcomes: true });
  });
});
