import type { FastifyInstance } from 'fastify';
import { ndaCreateInput, ndaFileInput, ndaListInput, ndaUpdateInput } from '../../shared/schemas/ndas.js';
import { createNda } from '../commands/ndas/create-nda.js';
import { deleteNda } from '../commands/ndas/delete-nda.js';
import { updateNda } from '../commands/ndas/update-nda.js';
import type { Core } from '../core.js';
import { getNda } from '../queries/ndas/get-nda.js';
import { listNdas } from '../queries/ndas/list-ndas.js';
import { readNdaFile } from '../queries/ndas/read-nda-file.js';
import { recordNdaOpened } from '../commands/ndas/record-nda-opened.js';
import { sendBlob } from './blob-reply.js';
import { restInput } from './input.js';
import { readDocumentForm } from './multipart.js';
import { pageResponse } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** NDAs: /projects/nda/ (spec 2, section 7). Lifecycle rules live in the commands, access in policies/nda.ts. */
export function ndaRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/',
    auth: 'required',
    input: restInput(ndaListInput),
    handler: async (i, a, { req }) => pageResponse(req, await listNdas(core, a, i), i.limit, i.offset),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/nda/',
    auth: 'required',
    status: 201,
    handler: async (_i, a, { req }) => {
      const { fields, file } = await readDocumentForm(req, ndaCreateInput);
      return createNda(core, a, fields, file);
    },
  });
  route(app, core, { method: 'GET', url: '/projects/nda/:id/', auth: 'required', handler: (_i, a, { req }) => getNda(core, a, idParam(req)) });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/get_nda_pdf/',
    auth: 'required',
    input: ndaFileInput,
    handler: async (i, a, { req, reply, ip }) => {
      const { blob, filename, nda, access } = await readNdaFile(core, a, idParam(req), i);
      if (access === 'signer') await recordNdaOpened(core, a, nda, { ip });
      return sendBlob(reply, blob, filename);
    },
  });
  route(app, core, {
    method: 'PATCH',
    url: '/projects/nda/:id/',
    auth: 'required',
    handler: async (_i, a, { req, ip }) => {
      const id = idParam(req);
      const { fields, file } = await readDocumentForm(req, ndaUpdateInput);
      return updateNda(core, a, id, fields, file, ip);
    },
  });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/nda/:id/',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteNda(core, a, idParam(req)),
  });
}
