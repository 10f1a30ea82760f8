import type { FastifyInstance } from 'fastify';
import { dashboardQuery } from '@shared/schemas/groups.js';
import { sendNdaInput, sendNdaToSignerInput } from '@shared/schemas/sending.js';
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
    summary:
      'Lists the groups of a project for its tracker, each with its NDA and signerships, nine a page by default.',
    description: '?project= is required; newest group first. Only the project’s managers may call it.',
    auth: 'required',
    input: dashboardQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listDashboard(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/dashboard/:id/send_nda_to_all_signers/',
    summary: 'Sends a group’s NDA with a subject and a note to every recipient of the group.',
    description:
      '{id} is the group (project branch) id, and projectBranch in the body, when given, must be the same. A group that inherits the project NDA takes a copy of it first; with no NDA the call answers "cannot send mail to recipients without project NDA", a recalled or signed NDA cannot be sent, and the group is sent its NDA once (the spec’s resend rule): after that, send_nda_to_signer/ sends it again to one recipient. A recipient not yet registered gets a registration link.',
    auth: 'required',
    input: sendNdaInput,
    handler: (i, a, { req, ip }) => sendNda(core, { actor: a, branchId: idParam(req), input: i, ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/dashboard/:id/send_nda_to_signer/',
    summary: 'Sends a group’s NDA with a subject and a note to one recipient of the group.',
    description:
      '{id} is the group (project branch) id, as is projectBranch in the body when given; signer is the recipient’s user id and must be in the group. No NDA answers "cannot send mail to recipients without project NDA" and a recalled or signed NDA cannot be sent; an NDA already sent goes again to this recipient (a reminder, with a fresh registration link when they have not registered).',
    auth: 'required',
    input: sendNdaToSignerInput,
    handler: (i, a, { req, ip }) => sendNda(core, { actor: a, branchId: idParam(req), input: i, ip }),
  });
}
