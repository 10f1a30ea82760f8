import type { FastifyInstance } from 'fastify';
import { signatureFieldsInput } from '@shared/schemas/signature-fields.js';
import { templateCreateInput, templateListInput, templateRenameInput } from '@shared/schemas/templates.js';
import { createTemplate } from '../commands/templates/create-template.js';
import { deleteTemplate } from '../commands/templates/delete-template.js';
import { renameTemplate } from '../commands/templates/rename-template.js';
import { setTemplateSignatureFields } from '../commands/templates/set-template-signature-fields.js';
import type { Core } from '../core.js';
import { listTemplateClauses } from '../queries/ndas/list-clauses.js';
import { getTemplate } from '../queries/templates/get-template.js';
import { listTemplates } from '../queries/templates/list-templates.js';
import { readTemplateFile } from '../queries/templates/read-template-file.js';
import { getTemplateSignatureFields } from '../queries/templates/template-signature-fields.js';
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
    summary: 'Lists the NDA templates of the caller’s company, newest first, nine a page by default.',
    description:
      'Templates live at /projects/nda_templates/; each one’s PDF is at get_nda_template_pdf/ and a PNG of its first page at get_preview/. ?name= (or ?search=) filters by name, ?projects=<id> keeps the templates that NDAs of that project were made from.',
    auth: 'required',
    input: restInput(templateListInput),
    handler: async (i, a, { req }) =>
      pageResponse(req, await listTemplates(core, { actor: a, input: i }), i.limit, i.offset),
  });
  route(app, core, {
    method: 'POST',
    url: `${base}/`,
    summary: 'Adds an NDA template to the caller’s company from an uploaded file.',
    description:
      'The file is checked by its content: a PDF, or a DOC, DOCX or ODT document converted to PDF, of at most 3 MB. A PNG preview of its first page is made for get_preview/.',
    auth: 'required',
    status: 201,
    form: { fields: templateCreateInput, files: ['file'] },
    handler: async (_i, a, { req }) => {
      const { fields, file } = await readDocumentForm(req, templateCreateInput);
      return createTemplate(core, { actor: a, input: fields, upload: file });
    },
  });
  route(app, core, {
    method: 'GET',
    url: `${base}/:id/`,
    summary: 'Shows one NDA template.',
    auth: 'required',
    handler: (_i, a, { req }) => getTemplate(core, { actor: a, templateId: idParam(req) }),
  });
  // {name} as JSON or as a form (the file of a template is not replaced: add a new template instead).
  route(app, core, {
    method: 'PATCH',
    url: `${base}/:id/`,
    summary: 'Renames an NDA template.',
    description: 'Takes {name} as JSON or as a form; a template’s file is never replaced (add a new template instead).',
    auth: 'required',
    form: { fields: templateRenameInput, files: [] },
    handler: async (_i, a, { req }) => {
      const id = idParam(req);
      const { fields } = await readDocumentForm(req, templateRenameInput);
      return renameTemplate(core, { actor: a, templateId: id, input: fields });
    },
  });
  route(app, core, {
    method: 'DELETE',
    url: `${base}/:id/`,
    summary: 'Deletes an NDA template.',
    description: 'NDAs made from it keep their own copy of the document.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteTemplate(core, { actor: a, templateId: idParam(req) }),
  });
  for (const [path, kind] of [
    ['get_nda_template_pdf', 'pdf'],
    ['get_preview', 'preview'],
  ] as const) {
    route(app, core, {
      method: 'GET',
      url: `${base}/:id/${path}/`,
      summary:
        kind === 'pdf'
          ? 'Downloads the PDF of an NDA template.'
          : 'Shows a PNG preview of the first page of an NDA template.',
      description: kind === 'preview' ? 'Answers 404 when no preview could be rendered for the template.' : undefined,
      auth: 'required',
      produces: kind === 'pdf' ? 'application/pdf' : 'image/png',
      handler: async (_i, a, { req, reply }) => {
        const { blob, filename } = await readTemplateFile(core, { actor: a, templateId: idParam(req), kind });
        return sendBlob(reply, blob, filename);
      },
    });
  }
  route(app, core, {
    method: 'GET',
    url: `${base}/:id/clauses/`,
    summary: "Lists a template's clauses, in reading order.",
    description:
      'As `GET /projects/nda/{id}/clauses/` gives an NDA’s: `[{key, number, heading, text, pages, boxes}]`. The keys are those of the template’s playbook (`/projects/nda_templates/{id}/playbook/`), and NDAs made from the template share them. For the team of the template’s company (anyone else gets 404).',
    auth: 'required',
    handler: (_i, a, { req }) => listTemplateClauses(core, { actor: a, templateId: idParam(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: `${base}/:id/signature_fields/`,
    summary: 'Lists the signature fields placed on a template, in the order they were placed.',
    description:
      'For the team of the template’s company (anyone else gets 404). Fields are as on an NDA (`{party, kind, page, x, y, width, height}`, kinds `signature`, `name`, `company`, `title`, `date`, `address`).',
    auth: 'required',
    handler: (_i, a, { req }) => getTemplateSignatureFields(core, { actor: a, templateId: idParam(req) }),
  });
  route(app, core, {
    method: 'PUT',
    url: `${base}/:id/signature_fields/`,
    summary: 'Replaces the signature fields of a template and answers them.',
    description:
      'The list replaces the template’s fields (an empty list removes them), with the rules of an NDA’s fields (400 with the messages under `fields`). Every NDA made from the template afterwards, a project’s or a group’s, takes them; NDAs already made keep their own.',
    auth: 'required',
    input: signatureFieldsInput,
    handler: (i, a, { req }) => setTemplateSignatureFields(core, { actor: a, templateId: idParam(req), input: i }),
  });
}
