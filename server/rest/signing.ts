import type { FastifyInstance } from 'fastify';
import { passOpportunity } from '../commands/signing/pass-opportunity.js';
import { signNda } from '../commands/signing/sign-nda.js';
import type { Core } from '../core.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** Signing and passing, by signership id; the spec's client uses GET, POST does the same. */
export function signingRoutes(app: FastifyInstance, core: Core): void {
  for (const method of ['GET', 'POST'] as const) {
    route(app, core, { method, url: '/projects/dashboard/:id/sign/', auth: 'required', handler: (_i, a, { req, ip }) => signNda(core, a, idParam(req), { ip }) });
    route(app, core, { method, url: '/projects/dashboard/:id/reject/', auth: 'required', handler: (_i, a, { req, ip }) => passOpportunity(core, a, idParam(req), { ip }) });
  }
}
