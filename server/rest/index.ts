import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@shared/constants.js';
import type { Core } from '../core.js';
import { toHttpError } from '../errors.js';
import { refuseHostileInput } from '../untrusted-input.js';
import { accountRoutes } from './account.js';
import { billingRoutes } from './billing.js';
import { authRoutes } from './auth.js';
import { stripeWebhookRoutes } from './stripe-webhook.js';
import { companyRoutes } from './company.js';
import { meRoutes } from './me.js';
import { memberRoutes } from './members.js';
import { signingRoutes } from './signing.js';
import { threadRoutes } from './threads.js';
import { ndaRoutes } from './ndas.js';
import { playbookRoutes } from './playbooks.js';
import { noteRoutes } from './notes.js';
import { proposalRoutes } from './proposals.js';
import { projectFileRoutes } from './project-files.js';
import { dealDocumentRoutes } from './deal-documents.js';
import { engagementRoutes } from './engagement.js';
import { templateRoutes } from './templates.js';
import { projectRoutes } from './projects.js';
import { groupRoutes } from './groups.js';
import { contactRoutes } from './contacts.js';
import { contactUsRoutes } from './contact-us.js';
import { dashboardRoutes } from './dashboard.js';
import { eventRoutes } from './events.js';
import { notificationRoutes } from './notifications.js';
import { reportRoutes } from './reports.js';
import { type DocumentedRoute, openApiDocument } from './openapi/document.js';
import { answerUnrouted, KnownPaths } from './known-paths.js';
import { route, type RouteDoc } from './route.js';
import { verifyRoutes } from './verify.js';

/**
 * The spec's REST surface under /api/v1; each domain registers its routes here. Answers the paths it
 * registered, for the app's not-found handler.
 */
export async function registerRest(app: FastifyInstance, core: Core): Promise<KnownPaths> {
  const known = new KnownPaths();
  await app.register(
    async (api) => {
      api.setErrorHandler((err, req, reply) => {
        const http = toHttpError(err);
        if (http.status >= 500) req.log.error({ err }, 'unhandled error');
        reply.code(http.status).headers(http.headers).send(http.body);
      });
      // A known path asked with a method it does not serve is 405 with Allow; an unknown path is 404.
      api.setNotFoundHandler((req, reply) => answerUnrouted(known, req, reply));
      // Before any route reads the request: text the database cannot take, nesting the code cannot walk.
      api.addHook('preValidation', async (req) => {
        refuseHostileInput(req.params);
        refuseHostileInput(req.query);
        refuseHostileInput(req.body);
      });
      // Every route registered below is described by the OpenAPI document, from its own definition.
      const documented: DocumentedRoute[] = [];
      api.addHook('onRoute', (options) => {
        known.add(options.url, [options.method].flat());
        const doc = (options.config as { doc?: RouteDoc } | undefined)?.doc;
        for (const method of [options.method].flat()) if (doc) documented.push({ method, url: options.url, doc });
      });
      let document: unknown;
      route(api, core, {
        method: 'GET',
        url: '/openapi.json',
        auth: 'none',
        summary: 'Answers this OpenAPI description of the REST surface.',
        handler: () => (document ??= openApiDocument(documented)),
      });
      authRoutes(api, core);
      accountRoutes(api, core);
      meRoutes(api, core);
      companyRoutes(api, core);
      memberRoutes(api, core);
      threadRoutes(api, core);
      signingRoutes(api, core);
      ndaRoutes(api, core);
      templateRoutes(api, core);
      playbookRoutes(api, core);
      noteRoutes(api, core);
      proposalRoutes(api, core);
      projectFileRoutes(api, core);
      dealDocumentRoutes(api, core);
      engagementRoutes(api, core);
      projectRoutes(api, core);
      groupRoutes(api, core);
      contactRoutes(api, core);
      dashboardRoutes(api, core);
      eventRoutes(api, core);
      notificationRoutes(api, core);
      contactUsRoutes(api, core);
      verifyRoutes(api, core);
      billingRoutes(api, core);
      // Its own scope: the body is kept as the bytes Stripe signed.
      stripeWebhookRoutes(api, core);
      reportRoutes(api, core);
    },
    { prefix: API_BASE },
  );
  return known;
}
