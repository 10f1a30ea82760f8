import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PG_INTEGER_MAX } from '@shared/schemas/ids.js';
import type { Core } from '../core.js';
import { AppError, toHttpError } from '../errors.js';
import { escapeHtml } from '../mail/layout.js';

const page = (
  title: string,
  body: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}
a{color:#1c4e80}.meta{color:#555;font-size:14px}iframe{width:100%;height:70vh;border:1px solid #ddd}</style></head><body>${body}</body></html>`;

/**
 * Whether a request comes from this machine and was not relayed by a proxy. It reads the socket's peer,
 * never req.ip: with TRUST_PROXY=true req.ip is taken from X-Forwarded-For, which any client can write.
 * A proxy on this machine connects from loopback, so a request carrying forwarding headers is refused too.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  const peer = req.raw.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => h in req.headers);
  return loopback && !forwarded;
}

/** Anyone else is told the mailbox does not exist: its links reset passwords and activate accounts. */
function localOnly(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isLocalRequest(req)) done();
  else void reply.code(404).send(toHttpError(AppError.notFound()).body);
}

/**
 * The dev mailbox: every e-mail the app queued, newest first, readable with clickable links.
 * Only registered when enabled (never by default in production), and served to this machine only.
 */
export function devMailboxRoutes(app: FastifyInstance, core: Core): void {
  app.get('/dev/mailbox', { onRequest: localOnly }, async (_req, reply) => {
    const mails = await core.db
      .selectFrom('outboxEmails')
      .select(['id', 'toAddress', 'subject', 'status', 'createdAt'])
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const rows = mails
      .map(
        (
          m,
        ) => `<tr><td>${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.toAddress)}</td>
<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.status}</td></tr>`,
      )
      .join('');
    reply.type('text/html').send(
      page(
        'Dev mailbox',
        `<h1>Dev mailbox</h1><p class="meta">E-mails sent by the app while no SMTP server is configured.</p>
<table><thead><tr><th>Date (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No e-mails yet.</td></tr>'}</tbody></table>`,
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', { onRequest: localOnly }, async (req, reply) => {
    const id = Number(req.params.id);
    const mail =
      /^\d{1,10}$/.test(req.params.id) && id <= PG_INTEGER_MAX
        ? await core.db.selectFrom('outboxEmails').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
    if (!mail)
      return reply
        .code(404)
        .type('text/html')
        .send(page('Not found', '<p>No such e-mail. <a href="/dev/mailbox">Back</a></p>'));
    reply.type('text/html').send(
      page(
        mail.subject,
        `<p><a href="/dev/mailbox">&larr; Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>
<p class="meta">To: ${escapeHtml(mail.toAddress)} &middot; ${mail.createdAt.toISOString()}</p>${mail.htmlBody.replace(/<!doctype html>|<\/?(html|body)[^>]*>/gi, '')}`,
      ),
    );
  });
}
