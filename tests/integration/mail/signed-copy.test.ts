import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { api, type Cast, createCast, createDeal, threadBy } from '@tests/support/negotiation.js';
import { type ReceivedMail, type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { SETUP_MS } from '@tests/support/wait.js';

// The signed copy's e-mail goes out with the signature itself, through the outbox to a real SMTP
// listener, not in a digest. The digest window here is an hour, so a mail that arrives during the test
// cannot have come by the digest; a comment made alongside stays queued for the digest.

let t: TestApp;
let smtp: SmtpListener;
let cast: Cast;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ smtpUrl: smtp.url, notifyDigestSeconds: 3600, notifyPollMs: 100 });
  cast = await createCast(t);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signedMailTo = (user: TestUser, since: number) => (m: ReceivedMail) =>
  smtp.received.indexOf(m) >= since && m.envelopeTo.includes(user.email) && m.headers.subject!.startsWith('NDA signed');

describe('the signed copy', () => {
  it('is e-mailed to both sides at once, outside the digest, which keeps the comments', async () => {
    const deal = await createDeal(t, cast, { name: 'Project Heron' });
    const since = smtp.received.length;
    // A comment on the other group's NDA: a negotiation move, queued for the digest.
    await threadBy(t, cast.signerA1, deal.a.ndaId, 'Clause 7 should end after two years.');

    const res = await api(t, 'GET', `/projects/dashboard/${deal.b.signerships[cast.signerB.id]}/sign/`, cast.signerB);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const link = `${t.config.appUrl}/projects/${deal.projectId}/group/${deal.b.branchId}/nda`;
    for (const who of [cast.signerB, cast.owner, cast.manager]) {
      const mail = await smtp.waitForMail(signedMailTo(who, since), 20_000);
      expect(mail.headers.subject).toBe('NDA signed: Project Heron');
      expect(mail.text).toContain('Boris Bidder of Buyer B Holdings signed the NDA “Mutual NDA”');
      expect(mail.text).toContain(`Download the signed copy: ${link}`);
      expect(mail.text).toMatch(/To stop e-mails about signed and passed NDAs, unsubscribe: \S+\.outcomes\./);
      // The group's name is the sending team's label: the buyer's copy does not show it.
      if (who === cast.signerB) expect(mail.text).not.toContain('Group B');
      else expect(mail.text).toContain('Project Heron – Group B');
    }
    // Nothing of the signature waits for a digest.
    const [signed] = await t.core.db
      .selectFrom('events')
      .select('id')
      .where('projectId', '=', deal.projectId)
      .where('status', '=', 'nda_signed')
      .execute();
    const queued = await t.core.db
      .selectFrom('notifications')
      .select('userId')
      .where('eventId', '=', signed!.id)
      .execute();
    expect(queued).toEqual([]);

    // The comment is still waiting for the owner's and the manager's digest, and was not mailed.
    await t.core.outbox.drain();
    const digest = await t.core.db
      .selectFrom('notifications')
      .select(['userId', 'status'])
      .where('projectId', '=', deal.projectId)
      .orderBy('userId')
      .execute();
    expect(digest).toEqual(
      [cast.owner, cast.manager].map((u) => ({ userId: u.id, status: 'pending' })).sort((x, y) => x.userId - y.userId),
    );
    const mailed = smtp.received.slice(since);
    expect(mailed.filter((m) => m.text.includes('Clause 7'))).toEqual([]);
    // Only the parties to the signed NDA were mailed: not group A's buyers, nor a member off the project.
    for (const other of [cast.signerA1, cast.signerA2, cast.member])
      expect(mailed.filter((m) => m.envelopeTo.includes(other.email))).toEqual([]);
  });

  it('is not sent to someone who turned signature e-mails off', async () => {
    const deal = await createDeal(t, cast, { name: 'Project Osprey' });
    const off = await api(t, 'PATCH', `/me/${cast.manager.id}/`, cast.manager, { notify_outcomes: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const since = smtp.received.length;
    const res = await api(t, 'GET', `/projects/dashboard/${deal.b.signerships[cast.signerB.id]}/sign/`, cast.signerB);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await smtp.waitForMail(signedMailTo(cast.owner, since), 20_000);
    await t.core.outbox.drain();
    expect(smtp.received.slice(since).filter((m) => m.envelopeTo.includes(cast.manager.email))).toEqual([]);
  });
});
