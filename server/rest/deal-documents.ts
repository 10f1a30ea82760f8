import type { FastifyInstance } from 'fastify';
import {
  dealDocumentCreateInput,
  dealDocumentReleaseInput,
  dealDocumentUpdateInput,
} from '@shared/schemas/deal-documents.js';
import { addDealDocument } from '../commands/deal-documents/add-deal-document.js';
import { deleteDealDocument, updateDealDocument } from '../commands/deal-documents/change-deal-document.js';
import { releaseDealDocument } from '../commands/deal-documents/release-deal-document.js';
import type { Core } from '../core.js';
import { listDealDocuments } from '../queries/deal-documents/list-deal-documents.js';
import { getDealDocument, readDealDocumentFile } from '../queries/deal-documents/read-deal-document.js';
import { sendFileByRange } from './blob-reply.js';
import { fromZodError } from '../errors.js';
import { restInput } from './input.js';
import { withStagedForm } from './staged-upload.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** How a bidder's download is stamped, for every route that serves a deal document's file. */
export const WATERMARK_NOTE =
  'A bidder gets their own copy, stamped on every page with their name, company, e-mail, a UTC time and an IP address (diagonally and light across the page, and in one line in a strip added below it); the sending team gets the original file. The copy is made at the bidder’s first download of the document’s current file, in a worker thread, and kept: later downloads answer the same bytes, so the time and IP it carries are those of that first download. Replacing or deleting the document removes its copies; the next download of a replaced file is stamped anew.';

/** How every route that serves a deal document's file answers a byte range. */
export const BY_RANGE_NOTE =
  'The file is streamed from the blob store, whatever its size, and can be read by parts: `Range: bytes=<start>-<end>` (or `bytes=<start>-`) answers 206 with that part and `Content-Range`; a range past the end answers 416 with `Content-Range: bytes */<size>`; several ranges or a suffix range answer the whole file. Every answer carries `Accept-Ranges: bytes` and an `ETag`; send it as `If-Range` so that a document replaced between two parts answers the whole new file (200) instead of a part of it. A bidder’s copy is made whole at their first request, whatever part it asks for.';

const HIDDEN =
  'A bidder gets only documents released to one of their groups; any other answers 404, as an unknown id does.';

/** A project's deal documents: /projects/projects/{id}/documents/ (their rules: policies/deal-documents.ts). */
export function dealDocumentRoutes(app: FastifyInstance, core: Core): void {
  const base = '/projects/projects/:id/documents';
  const target = (req: { params: unknown }) => ({ projectId: idParam(req), documentId: idParam(req, 'docId') });
  route(app, core, {
    method: 'GET',
    url: `${base}/`,
    summary: 'Lists the deal documents of a project, oldest first.',
    description: `The sending team gets every document with \`releases\` (each group it has reached, and when). ${HIDDEN} Each comes with \`releasedAt\`, when it reached them.`,
    auth: 'required',
    handler: async (_i, a, { req }) => onePage(await listDealDocuments(core, { actor: a, projectId: idParam(req) })),
  });
  route(app, core, {
    method: 'POST',
    url: `${base}/`,
    summary: 'Adds a deal document to a project, with its title and release rule.',
    description:
      'A multipart form: `file`, `title` (up to 200 characters) and `release`: `invitation` (when the group’s NDA is sent), `signed` (the bidder’s signature), `executed` (the NDA fully executed) or `manual` (by hand per group); `signed` when omitted. The file is checked by its content like every upload: a PDF up to DEAL_DOCUMENT_MAX_MB (100 MB by default; larger answers 413), or a DOC, DOCX or ODT document converted to a PDF of at most 3 MB. A PDF of 3 MB or less is stored as a clean copy; a larger one is checked by poppler on disk and streamed to the blob store as uploaded (never held whole in memory; an S3 multipart upload). Groups its rule already reaches get it at once (`document_released`). For the project’s owner and managers; a bidder gets 403.',
    auth: 'required',
    status: 201,
    form: { fields: dealDocumentCreateInput, files: ['file'] },
    handler: async (_i, a, { req, ip }) => {
      const projectId = idParam(req);
      const form = { fileField: 'file', maxFileBytes: core.config.dealDocumentMaxBytes };
      return withStagedForm(req, form, async ({ fields, file }) => {
        const parsed = restInput(dealDocumentCreateInput).safeParse(fields);
        if (!parsed.success) throw fromZodError(parsed.error);
        return addDealDocument(core, { actor: a, projectId, input: parsed.data, upload: file, ip });
      });
    },
  });
  route(app, core, {
    method: 'GET',
    url: `${base}/:docId/`,
    summary: 'Shows one deal document.',
    description: HIDDEN,
    auth: 'required',
    handler: (_i, a, { req }) => getDealDocument(core, { actor: a, ...target(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: `${base}/:docId/file/`,
    summary: 'Downloads a deal document as a PDF.',
    description: `${HIDDEN} ${BY_RANGE_NOTE} ${WATERMARK_NOTE}`,
    auth: 'required',
    produces: 'application/pdf',
    handler: (_i, a, { req, reply, ip }) =>
      sendFileByRange(req, reply, (range) => readDealDocumentFile(core, { actor: a, ...target(req), ip, range })),
  });
  route(app, core, {
    method: 'PATCH',
    url: `${base}/:docId/`,
    summary: 'Renames a deal document or changes its release rule.',
    description:
      'Takes {title, release}, each optional. A rule that reaches more groups releases the document to them at once. The CIM’s `signed` / `executed` is the project’s `releaseDocumentsOn` (`recipient_signed` / `executed`): changing either changes the other.',
    auth: 'required',
    input: dealDocumentUpdateInput,
    handler: (i, a, { req, ip }) => updateDealDocument(core, { actor: a, ...target(req), input: i, ip }),
  });
  route(app, core, {
    method: 'DELETE',
    url: `${base}/:docId/`,
    summary: 'Deletes a deal document and its file.',
    description: 'Deleting the teaser or the CIM clears it on the project too.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteDealDocument(core, { actor: a, ...target(req) }),
  });
  route(app, core, {
    method: 'POST',
    url: `${base}/:docId/release/`,
    summary: 'Releases a deal document to one group by hand.',
    description:
      'Takes {projectBranch}: a group of the project whose NDA has been sent (else 400). Works whatever the rule; the group’s bidders get it at once (event `document_released`, live `document.released`). Releasing twice changes nothing.',
    auth: 'required',
    input: dealDocumentReleaseInput,
    handler: (i, a, { req, ip }) =>
      releaseDealDocument(core, { actor: a, ...target(req), projectBranchId: i.projectBranch, ip }),
  });
}
