import type { FastifyInstance } from 'fastify';
import { unsubscribeInput } from '@shared/schemas/account.js';
import { unsubscribe } from '../commands/account/unsubscribe.js';
import type { Core } from '../core.js';
import { toHttpError } from '../errors.js';
import { route } from './route.js';

/** Unsubscribing from notification e-mails with the token of a mail's link, no session needed. */
export function notificationRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'POST',
    url: '/notifications/unsubscribe/',
    summary: 'Turns off the kinds of notification e-mail an unsubscribe link names.',
    description:
      'Anonymous: the token of the link (from an e-mail) names the user and the kinds of e-mail it turns off, and is signed by the server. A token that was changed answers 400. Each user can turn the e-mails on again with PATCH /me/{id}/ (notify_negotiation, notify_outcomes).',
    auth: 'none',
    input: unsubscribeInput,
    handler: (input) => unsubscribe(core, { input }),
  });
}

/**
 * One-click unsubscribe (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` to the URL of the
 * List-Unsubscribe header, which is also the page a person opens from the mail (GET serves the app).
 */
export async function oneClickUnsubscribeRoute(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { token: string } }>('/unsubscribe/:token', async (req, reply) => {
      try {
        return await unsubscribe(core, { input: { token: req.params.token } });
      } catch (err) {
        const http = toHttpError(err);
        return reply.code(http.status).send(http.body);
      }
    });
  });
}
