import type { FastifyInstance } from 'fastify';
import { dashboardQuery } from '../../shared/schemas/groups.js';
import { sendNdaInput, sendNdaToSignerInput } from '../../shared/schemas/sending.js';
import { sendNda } from '../commands/sending/send-nda.js';
import type { Core } from '../core.js';
import { listDashboard } from '../queries/dashboard/list-dashboard.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';


/** The project tracker (GET /projects/dashboard/?project=) and sending a group's NDA (POST /projects/dashboard/{groupId}/send_nda_to_...). */
export function dashboardRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/dashboard/',
    auth: 'required',
    input: dashboardQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listDashboard(core, a, i)),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/dashboard/:id/send_nda_to_all_signers/',
    auth: 'required',
    input: sendNdaInput,
    handler: (i, a, { req, ip }) => sendNda(core, a, idParam(req), i, ip),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/dashboard/:id/send_nda_to_signer/',
    auth: 'required',
    input: sendNdaToSignerInput,
    handler: (i, a, { req, ip }) => sendNda(core, a, idParam(req), i, ip),
  });
}
