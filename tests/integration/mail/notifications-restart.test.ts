import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '@server/app.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { digestWindowPasses } from '@tests/support/digest.js';
import { type Cast, createCast, createDeal, threadBy } from '@tests/support/negotiation.js';
import { type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { SETUP_MS } from '@tests/support/wait.js';

// The notification queue is durable: moves queued by one server process are e-mailed by the next one
// on the same database, once their window has passed.

let t: TestApp;
let smtp: SmtpListener;
let cast: Cast;
let second: App | null = null;
let third: App | null = null;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ smtpUrl: smtp.url, notifyDigestSeconds: 3, notifyPollMs: 100 });
  cast = await createCast(t);
}, SETUP_MS);
afterAll(async () => {
  await third?.app.close();
  await second?.app.close();
  await t?.close();
  await smtp?.close();
});

it('sends after a restart what was queued before it', { timeout: 120_000 }, async () => {
  const deal = await createDeal(t, cast, { name: 'Project Plover' });
  await threadBy(t, cast.owner, deal.a.ndaId, 'Clause 4 should be mutual.');
  const pending = await t.core.db.selectFrom('notifications').selectAll().where('status', '=', 'pending').execute();
  expect(pending.map((n) => n.userId).sort()).toEqual([cast.signerA1.id, cast.signerA2.id].sort());
  // Stopped within the window: nothing went out.
  await t.app.close();
  expect(smtp.received.filter((m) => 'list-unsubscribe' in m.headers)).toEqual([]);

  second = await buildApp(t.config);
  const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(cast.signerA1.email), 20_000);
  expect(mail.headers.subject).toBe('New activity on Project Plover');
  expect(mail.text).toContain(
    'Olivia Owner of Adviser Partners LLP opened a comment thread: “Clause 4 should be mutual.”',
  );
  await smtp.waitForMail((m) => m.envelopeTo.includes(cast.signerA2.email), 20_000);
});

// Several server processes share one PostgreSQL database (PGlite admits one process): each person's
// items are locked by whichever digest worker takes them first, so each e-mail goes once.
it.runIf(!!process.env.TEST_DATABASE_URL)('sends each digest once when two servers share the database', async () => {
  // A window no write outlasts, however slow the machine: both threads' items wait in it, then the
  // window is made to have passed, and both servers' digest workers reach for them at once.
  const window = 600;
  const config = { ...t.config, notifyDigestSeconds: window };
  await second!.app.close();
  [second, third] = await Promise.all([buildApp(config), buildApp(config)]);
  const via = { ...t, app: second.app, core: second.core };
  const deal = await createDeal(via, cast, { name: 'Project Tern' });
  const since = smtp.received.length;
  await threadBy(via, cast.owner, deal.a.ndaId, 'Clause 2 should name the affiliates.');
  await threadBy({ ...t, app: third.app, core: third.core }, cast.owner, deal.a.ndaId, 'Clause 3 should be narrower.');
  await digestWindowPasses(second.core.db, window);
  await smtp.waitForMail(
    (m) => smtp.received.indexOf(m) >= since && m.envelopeTo.includes(cast.signerA1.email),
    20_000,
  );
  await smtp.waitForMail(
    (m) => smtp.received.indexOf(m) >= since && m.envelopeTo.includes(cast.signerA2.email),
    20_000,
  );
  await Promise.all([second.core.digest.drain(), third.core.digest.drain()]);
  await Promise.all([second.core.outbox.drain(), third.core.outbox.drain()]);
  for (const who of [cast.signerA1, cast.signerA2]) {
    const mails = smtp.received.slice(since).filter((m) => m.envelopeTo.includes(who.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Clause 2 should name the affiliates.');
    expect(mails[0]!.text).toContain('Clause 3 should be narrower.');
  }
});
