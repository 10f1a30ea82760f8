import type { FastifyInstance } from 'fastify';
import { companyUpdateInput } from '../../shared/schemas/account.js';
import { updateCompany } from '../commands/account/update-company.js';
import type { Core } from '../core.js';
import { getCompanies } from '../queries/account/get-company.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

export function companyRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/company/',
    summary: 'Answers the company of the caller, as a one-item list.',
    auth: 'required',
    handler: async (_i, a) => onePage(await getCompanies(core, a)),
  });
  // PATCH from the account page, PUT from the signing form: the same full update.
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, {
      method,
      url: '/company/:id/',
      summary: 'Updates the details of the company of the caller: name, address, registration number and VAT.',
      description:
        'PATCH and PUT are the same full update: a registration number or VAT left out is cleared. Team members may not edit the company (403); another company answers 404.',
      auth: 'required',
      input: companyUpdateInput,
      handler: (i, a, { req }) => updateCompany(core, a, idParam(req), i),
    });
  }
}
