import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { latestMail, registerOwner, uniqueEmail } from '@tests/support/factories.js';
import { freePort, type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { waitFor } from '@tests/support/wait.js';

// server/processors/mail-outbox.ts with server/services/mailer.ts's SMTP transport, against a real SMTP listener.

let t: TestApp;
let port: number;
beforeAll(async () => {
  // The app's SMTP server lives on a fixed port that each test opens or leaves closed.
  port = await freePort();
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'NDA Workspace <no-reply@nda.test>' });
});
afterAll(async () => {
  await t?.close();
});

async function withListener<T>(fn: (smtp: SmtpListener) => Promise<T>): Promise<T> {
  const smtp = await startSmtpListener(port);
  try {
    return await fn(smtp);
  } finally {
    await smtp.close();
  }
}

const outboxRows = (to: string) =>
  t.core.db.selectFrom('outboxEmails').selectAll().where('toAddress', '=', to).execute();

describe('SMTP delivery', () => {
  it('delivers the activation mail to the SMTP server', async () => {
    await withListener(async (smtp) => {
      const { email } = await registerOwner(t, { first_name: 'Sam' });
      const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(email));

      expect(mail.envelopeTo).toEqual([email]);
      expect(mail.envelopeFrom).toBe('no-reply@nda.test');
      expect(mail.headers.to).toContain(email);
      expect(mail.headers.from).toContain('no-reply@nda.test');
      expect(mail.headers.subject).toBe('Activate your NDA Workspace account');
      expect(mail.text).toContain('Hello Sam,');
      const link = new RegExp(`${t.config.appUrl}/user-activation/[A-Za-z0-9_-]{20,}`);
      expect(mail.text).toMatch(link);
      expect(mail.html).toMatch(link);

      // The link in the mail is the one the outbox row holds, and the row is marked sent.
      const row = (await waitFor(
        () => latestMail(t, email),
        (r) => r?.status === 'sent',
      ))!;
      expect(row).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null });
      expect(row.textBody).toContain(link.exec(mail.text)![0]);
      expect(smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
    });
  });

  it('keeps a mail pending while SMTP is down and delivers it once it is back', async () => {
    const { email } = await registerOwner(t);

    // Connection refused: the row stays pending with the error, an attempt counted and a later retry time.
    const [failed] = await waitFor(
      () => outboxRows(email),
      (rows) => rows.length === 1 && rows[0]!.lastError !== null,
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, transport: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await withListener(async (smtp) => {
      // Make the retry due now instead of in 5 s; the outbox poller or this drain sends it.
      await t.core.db
        .updateTable('outboxEmails')
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where('id', '=', failed!.id)
        .execute();
      await t.core.outbox.drain();
      const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(email));
      expect(mail.headers.subject).toBe('Activate your NDA Workspace account');

      const [sent] = await waitFor(
        () => outboxRows(email),
        (rows) => rows[0]?.status === 'sent',
      );
      expect(sent).toMatchObject({ attempts: 2, lastError: null, transport: 'smtp' });
      expect(sent!.sentAt).toBeInstanceOf(Date);
      expect(smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
    });
  });

  it('marks a mail failed after the last attempt', async () => {
    const email = uniqueEmail('bounce');
    await registerOwner(t, { email });
    const [row] = await waitFor(
      () => outboxRows(email),
      (rows) => rows[0]?.lastError != null,
    );
    // Seven attempts already spent: the next failure is the eighth and last.
    await t.core.db
      .updateTable('outboxEmails')
      .set({ attempts: 7, nextAttemptAt: new Date(Date.now() - 1000) })
      .where('id', '=', row!.id)
      .execute();
    await t.core.outbox.drain();
    const [final] = await waitFor(
      () => outboxRows(email),
      (rows) => rows[0]?.status !== 'pending',
    );
    expect(final).toMatchObject({ status: 'failed', attempts: 8 });
  });
});
