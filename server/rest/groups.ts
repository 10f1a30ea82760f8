import type { FastifyInstance } from 'fastify';
import {
  branchCreateInput,
  branchListQuery,
  branchUpdateInput,
  signerGroupInput,
  signerGroupListQuery,
  signerGroupUpdateInput,
  signershipUpdateInput,
} from '../../shared/schemas/groups.js';
import { createBranch } from '../commands/groups/create-branch.js';
import { createSignerGroup } from '../commands/groups/create-signer-group.js';
import { deleteSignerGroup } from '../commands/groups/delete-signer-group.js';
import { setSignershipColor } from '../commands/groups/set-signership-color.js';
import { updateBranch } from '../commands/groups/update-branch.js';
import { updateSignerGroup } from '../commands/groups/update-signer-group.js';
import type { Core } from '../core.js';
import { authorizeSignerGroup } from '../policies/group.js';
import { getBranch } from '../queries/groups/get-branch.js';
import { listBranches } from '../queries/groups/list-branches.js';
import { listSignerGroups, presentSignerGroups } from '../queries/groups/list-signer-groups.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';


/** Signer groups (/projects/signers_group/), a project's groups (/projects/project_branches/) and recipients' tags (/projects/signership/). */
export function groupRoutes(app: FastifyInstance, core: Core): void {
  const SG = '/projects/signers_group';
  route(app, core, { method: 'GET', url: `${SG}/`, auth: 'required', input: signerGroupListQuery, handler: async (i, a, { req }) => pagedAnswer(req, await listSignerGroups(core, a, i)) });
  route(app, core, { method: 'POST', url: `${SG}/`, auth: 'required', input: signerGroupInput, status: 201, handler: (i, a) => createSignerGroup(core, a, i) });
  route(app, core, {
    method: 'GET',
    url: `${SG}/:id/`,
    auth: 'required',
    handler: async (_i, a, { req }) => (await presentSignerGroups(core, [await authorizeSignerGroup(core.db, a, idParam(req))]))[0],
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, { method, url: `${SG}/:id/`, auth: 'required', input: signerGroupUpdateInput, handler: (i, a, { req, ip }) => updateSignerGroup(core, a, idParam(req), i, ip) });
  }
  route(app, core, {
    method: 'DELETE',
    url: `${SG}/:id/`,
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteSignerGroup(core, a, idParam(req)),
  });

  const PB = '/projects/project_branches';
  route(app, core, { method: 'GET', url: `${PB}/`, auth: 'required', input: branchListQuery, handler: async (i, a, { req }) => pagedAnswer(req, await listBranches(core, a, i)) });
  route(app, core, { method: 'POST', url: `${PB}/`, auth: 'required', input: branchCreateInput, status: 201, handler: (i, a, { ip }) => createBranch(core, a, i, ip) });
  route(app, core, { method: 'GET', url: `${PB}/:id/`, auth: 'required', handler: (_i, a, { req }) => getBranch(core, a, idParam(req)) });
  route(app, core, { method: 'PATCH', url: `${PB}/:id/`, auth: 'required', input: branchUpdateInput, handler: (i, a, { req, ip }) => updateBranch(core, a, idParam(req), i, ip) });

  route(app, core, {
    method: 'PATCH',
    url: '/projects/signership/:id/',
    auth: 'required',
    input: signershipUpdateInput,
    handler: (i, a, { req }) => setSignershipColor(core, a, idParam(req), i.colorStatus),
  });
}
