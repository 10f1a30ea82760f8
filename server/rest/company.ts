import type { FastifyInstance } from 'fastify';
import { companyUpdateInput } from '../../shared/schemas/account.js';
import { updateCompany } from '../commands/account/update-company.js';
import type { Core } from '../core.js';
import { getCompanies } from '../queries/account/get-company.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

export function companyRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, { method: 'GET', url: '/company/', auth: 'required', handler: async (_i, a) => onePage(await getCompanies(core, a)) });
  // PATCH from the account page, PUT from the signing form: the same full update.
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, { method, url: '/company/:id/', auth: 'required', input: companyUpdateInput, handler: (i, a, { req }) => updateCompany(core, a, idParam(req), i) });
  }
}
