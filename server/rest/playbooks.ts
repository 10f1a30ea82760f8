import type { FastifyInstance } from 'fastify';
import { playbookInput } from '@shared/schemas/playbook.js';
import { setPlaybook } from '../commands/playbooks/set-playbook.js';
import type { Core } from '../core.js';
import { getPlaybook } from '../queries/playbooks/get-playbook.js';
import { idParam } from './params.js';
import { route } from './route.js';

const SHAPE =
  'A playbook is `{clauses: [{key, preferred, fallbacks: [string], walkAway, guidance}]}`: for clauses of the NDA (by `key`, as `GET /projects/nda/{id}/clauses/` gives them), the preferred wording, the fallback wordings in order, a walk-away note and internal guidance. It is the sending team’s own: no recipient receives it, by any door.';
const RULES =
  'The list replaces the playbook (an empty list clears it), in its order; each key once, at most 200 clauses and 10 fallbacks each, wordings and notes up to 5000 characters, and each clause gives at least one of them (400 with the messages under the field).';

/** Playbooks: a project's and a template's, for the sending team only. */
export function playbookRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/:id/playbook/',
    summary: 'The project’s playbook.',
    description: `${SHAPE} A project whose NDA was made from a template starts with the template’s playbook. For the project’s owner and managers; a recipient, like anyone else, gets 404.`,
    auth: 'required',
    handler: (_i, a, { req }) => getPlaybook(core, { actor: a, owner: { projectId: idParam(req) } }),
  });
  route(app, core, {
    method: 'PUT',
    url: '/projects/projects/:id/playbook/',
    summary: 'Replaces the project’s playbook and answers it.',
    description: `${SHAPE} ${RULES} For the project’s owner and managers; a recipient, like anyone else, gets 404.`,
    auth: 'required',
    input: playbookInput,
    handler: (i, a, { req }) => setPlaybook(core, { actor: a, owner: { projectId: idParam(req) }, input: i }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda_templates/:id/playbook/',
    summary: 'The template’s playbook.',
    description: `${SHAPE} A project NDA made from the template afterwards copies it to its project (unless the project has one). For the team of the template’s company; anyone else gets 404.`,
    auth: 'required',
    handler: (_i, a, { req }) => getPlaybook(core, { actor: a, owner: { templateId: idParam(req) } }),
  });
  route(app, core, {
    method: 'PUT',
    url: '/projects/nda_templates/:id/playbook/',
    summary: 'Replaces the template’s playbook and answers it.',
    description: `${SHAPE} ${RULES} Projects that copied it keep their own. For the team of the template’s company; anyone else gets 404.`,
    auth: 'required',
    input: playbookInput,
    handler: (i, a, { req }) => setPlaybook(core, { actor: a, owner: { templateId: idParam(req) }, input: i }),
  });
}
