import type { FastifyInstance } from 'fastify';
import { companyUpdateInput } from '@shared/schemas/account.js';
import { updateCompany } from '../commands/account/update-company.js';
import type { Core } from '../core.js';
import { getCompanies } from '../queries/account/get-company.js';
import { getPlanUsage } from '../queries/account/plan-usage.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

export function companyRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/company/',
    summary: 'Answers the company of the caller, as a one-item list.',
    auth: 'required',
    handler: async (_i, a) => onePage(await getCompanies(core, { actor: a })),
  });
  route(app, core, {
    method: 'GET',
    url: '/company/plan_usage/',
    summary:
      'Answers the plan of the caller’s company, with its team seats and projects used against what the plan allows.',
    description:
      'allowed is the plan’s allowance plus the seats or projects bought as extras; -1 means unlimited. Projects count archived ones too; seats count invited and registered team members.',
    auth: 'required',
    handler: (_i, a) => getPlanUsage(core, { actor: a }),
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
      handler: (i, a, { req }) => updateCompany(core, { actor: a, companyId: idParam(req), input: i }),
    });
  }
}
