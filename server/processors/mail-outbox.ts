import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import type { Tx } from '../db/transaction.js';
import type { MailTransport } from '../services/mailer.js';
import { PollingWorker } from './polling-worker.js';

export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

const BATCH = 20;
const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 8;

/**
 * Delivers queued e-mails. Rows are written by commands in their own transaction (enqueue), so a
 * crash before delivery loses nothing: a claimed row carries a lease and is retried when it lapses.
 */
export class MailOutbox extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super({ ms: pollMs, log, failure: 'mail outbox pass failed' }, false);
  }

  /** Queues an e-mail inside the caller's transaction and delivers it soon after commit. */
  async enqueue(tx: Tx, mail: MailContent): Promise<void> {
    await tx.db
      .insertInto('outboxEmails')
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
      })
      .execute();
    tx.afterCommit(() => this.kick());
  }

  /** Delivers everything due; resolves when the queue has nothing due. */
  protected async pass(): Promise<void> {
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return;
      for (const row of rows) await this.deliver(row);
      if (this.stopped) return;
    }
  }

  private async claim() {
    const result = await sql<{
      id: number;
      toAddress: string;
      subject: string;
      textBody: string;
      htmlBody: string;
      headers: string | null;
      attempts: number;
    }>`
      update outbox_emails
         set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (
         select id from outbox_emails
          where status = 'pending' and next_attempt_at <= now()
          order by id limit ${BATCH}
          for update skip locked)
      returning id, to_address, subject, text_body, html_body, headers, attempts`.execute(this.db);
    return result.rows;
  }

  private async deliver(row: {
    id: number;
    toAddress: string;
    subject: string;
    textBody: string;
    htmlBody: string;
    headers: string | null;
    attempts: number;
  }) {
    try {
      await this.transport.send({
        from: this.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      });
      await this.db
        .updateTable('outboxEmails')
        .set({ status: 'sent', sentAt: new Date(), transport: this.transport.name, lastError: null })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const backoffSec = Math.min(3600, 5 * 2 ** (row.attempts - 1));
      this.log.warn({ emailId: row.id, attempts: row.attempts, err: (err as Error).message }, 'e-mail delivery failed');
      await this.db
        .updateTable('outboxEmails')
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: String((err as Error).message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffSec * 1000),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
