import type { FastifyInstance } from 'fastify';
import type { Core } from '../core.js';
import { authorizeOnboarding } from '../policies/account.js';
import { getOnboarding } from '../queries/account/get-onboarding.js';
import { getPermissions } from '../queries/account/get-permissions.js';
import { route } from './route.js';

export function accountRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/permissions/',
    summary: 'Lists the permissions the role of the caller grants.',
    auth: 'required',
    handler: (_i, a) => getPermissions(a),
  });
  route(app, core, {
    method: 'GET',
    url: '/onboarding/',
    summary:
      'Answers the onboarding checklist of the account owner: whether projects were created, members invited and an NDA uploaded.',
    description: 'Account owners only; anyone else gets 403.',
    auth: 'required',
    handler: (_i, a) => getOnboarding(core, { actor: authorizeOnboarding(a) }),
  });
}
