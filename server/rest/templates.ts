import type { FastifyInstance } from 'fastify';
import { templateCreateInput, templateListInput, templateRenameInput } from '../../shared/schemas/templates.js';
import { createTemplate } from '../commands/templates/create-template.js';
import { deleteTemplate } from '../commands/templates/delete-template.js';
import { renameTemplate } from '../commands/templates/rename-template.js';
import type { Core } from '../core.js';
import { getTemplate } from '../queries/templates/get-template.js';
import { listTemplates } from '../queries/templates/list-templates.js';
import { readTemplateFile } from '../queries/templates/read-template-file.js';
import { sendBlob } from './blob-reply.js';
import { restInput } from './input.js';
import { readDocumentForm } from './multipart.js';
import { pageResponse } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** NDA templates of the caller's company: /projects/nda_templates/ (spec 2, sections 2 and 7). */
export function templateRoutes(app: FastifyInstance, core: Core): void {
  const base = '/projects/nda_templates';
  route(app, core, {
    method: 'GET',
    url: `${base}/`,
    auth: 'required',
    input: restInput(templateListInput),
    handler: async (i, a, { req }) => pageResponse(req, await listTemplates(core, a, i), i.limit, i.offset),
  });
  route(app, core, {
    method: 'POST',
    url: `${base}/`,
    auth: 'required',
    status: 201,
    handler: async (_i, a, { req }) => {
      const { fields, file } = await readDocumentForm(req, templateCreateInput);
      return createTemplate(core, a, fields, file);
    },
  });
  route(app, core, { method: 'GET', url: `${base}/:id/`, auth: 'required', handler: (_i, a, { req }) => getTemplate(core, a, idParam(req)) });
  // {name} as JSON or as a form (the file of a template is not replaced: add a new template instead).
  route(app, core, {
    method: 'PATCH',
    url: `${base}/:id/`,
    auth: 'required',
    handler: async (_i, a, { req }) => {
      const id = idParam(req);
      const { fields } = await readDocumentForm(req, templateRenameInput);
      return renameTemplate(core, a, id, fields);
    },
  });
  route(app, core, {
    method: 'DELETE',
    url: `${base}/:id/`,
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteTemplate(core, a, idParam(req)),
  });
  for (const [path, kind] of [['get_nda_template_pdf', 'pdf'], ['get_preview', 'preview']] as const) {
    route(app, core, {
      method: 'GET',
      url: `${base}/:id/${path}/`,
      auth: 'required',
      handler: async (_i, a, { req, reply }) => {
        const { blob, filename } = await readTemplateFile(core, a, idParam(req), kind);
        return sendBlob(reply, blob, filename);
      },
    });
  }
}
