import type { FastifyInstance } from 'fastify';
import type { Core } from '../core.js';
import { signedNdasArchive } from '../queries/ndas/signed-ndas-archive.js';
import { readProjectFile } from '../queries/project-files/read-project-file.js';
import { zipStream } from '../services/zip-writer.js';
import { sendFileByRange, sendStream } from './blob-reply.js';
import { idParam } from './params.js';
import { route } from './route.js';
import { BY_RANGE_NOTE, WATERMARK_NOTE } from './deal-documents.js';

/**
 * GET /projects/projects/{id}/get_teaser_pdf/ and get_cim_pdf/. Uploads travel as the `teaser` and `cim`
 * files of PATCH /projects/projects/{id}/ (server/commands/project-files/set-project-file.ts). And the
 * project's signed NDAs in one ZIP.
 */
export function projectFileRoutes(app: FastifyInstance, core: Core): void {
  for (const kind of ['teaser', 'cim'] as const) {
    route(app, core, {
      method: 'GET',
      url: `/projects/projects/:id/get_${kind}_pdf/`,
      summary: `Downloads the ${kind === 'teaser' ? 'teaser' : 'CIM'} of a project as a PDF.`,
      description:
        kind === 'teaser'
          ? `The teaser is a deal document (GET /projects/projects/{id}/documents/): a signer gets it once their group’s NDA is sent and the group has sendTeaser on, once they have signed, or when released to their group by hand; otherwise 404. ${BY_RANGE_NOTE} ${WATERMARK_NOTE}`
          : `The CIM is a deal document (GET /projects/projects/{id}/documents/): a signer gets it once their group’s NDA is executed, or signed by them when releaseDocumentsOn is recipient_signed, or when released to their group by hand; otherwise 404. ${BY_RANGE_NOTE} ${WATERMARK_NOTE}`,
      auth: 'required',
      produces: 'application/pdf',
      handler: (_i, a, { req, reply, ip }) =>
        sendFileByRange(req, reply, (range) =>
          readProjectFile(core, { actor: a, projectId: idParam(req), kind, ip, range }),
        ),
    });
  }
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/:id/signed_ndas.zip',
    summary: 'Downloads every signed NDA of a project as one ZIP archive.',
    description:
      'One entry per group whose NDA is signed, its sealed PDF named as GET /projects/nda/{id}/get_nda_pdf/ names it: `<project> - <group> - <NDA name> (signed).pdf` (with ` (2)`, ` (3)`... when two groups share a name). An NDA whose seal is pending (`sealPending`) has no sealed PDF yet and joins the archive once sealed. Entries are stored uncompressed (PDFs are compressed already), the archive streams as it is built, and a project with no signed NDA answers an empty archive. For the project’s owner and managers only: a recipient, like anyone else, gets 404.',
    auth: 'required',
    produces: 'application/zip',
    handler: async (_i, a, { req, reply }) => {
      const { filename, entries } = await signedNdasArchive(core, { actor: a, projectId: idParam(req) });
      return sendStream(reply, zipStream(entries), 'application/zip', filename);
    },
  });
}
