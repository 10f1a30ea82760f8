import type { FastifyInstance } from 'fastify';
import type { Core } from '../core.js';
import { readProjectFile } from '../queries/project-files/read-project-file.js';
import { sendBlob } from './blob-reply.js';
import { idParam } from './params.js';
import { route } from './route.js';

/**
 * GET /projects/projects/{id}/get_teaser_pdf/ and get_cim_pdf/. Uploads travel as the `teaser` and `cim`
 * files of PATCH /projects/projects/{id}/ (server/commands/project-files/set-project-file.ts).
 */
export function projectFileRoutes(app: FastifyInstance, core: Core): void {
  for (const kind of ['teaser', 'cim'] as const) {
    route(app, core, {
      method: 'GET',
      url: `/projects/projects/:id/get_${kind}_pdf/`,
      summary: `Downloads the ${kind === 'teaser' ? 'teaser' : 'CIM'} of a project as a PDF.`,
      description:
        kind === 'teaser'
          ? 'A signer gets the teaser only when their group has sendTeaser on and its NDA has been sent; otherwise 404.'
          : 'A signer gets the CIM only once their group’s NDA is signed; otherwise 404.',
      auth: 'required',
      produces: 'application/pdf',
      handler: async (_i, a, { req, reply }) => {
        const { blob, filename } = await readProjectFile(core, { actor: a, projectId: idParam(req), kind });
        return sendBlob(reply, blob, filename);
      },
    });
  }
}
