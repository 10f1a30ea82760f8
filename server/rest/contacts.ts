import type { FastifyInstance } from 'fastify';
import { CONTACT_CSV_TEMPLATE, CONTACT_CSV_TEMPLATE_NAME, MAX_CONTACT_CSV_BYTES } from '../../shared/csv.js';
import { contactInput, contactListQuery, contactUpdateInput, resolveRecipientsInput } from '../../shared/schemas/contacts.js';
import { createContact } from '../commands/contacts/create-contact.js';
import { deleteContact } from '../commands/contacts/delete-contact.js';
import { resolveRecipients } from '../commands/contacts/resolve-recipients.js';
import { updateContact } from '../commands/contacts/update-contact.js';
import { uploadContactsCsv } from '../commands/contacts/upload-contacts-csv.js';
import type { Core } from '../core.js';
import { authorizeContacts } from '../policies/contact.js';
import { listContacts } from '../queries/contacts/list-contacts.js';
import { readMultipart } from './multipart.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { requireBearer, route } from './route.js';


/**
 * My Network (/contacts/), the recipients page's resolver (POST /projects/contacts/resolve/) and the
 * buyers list CSV of a project (POST /projects/upload_contact/{projectId}/, template at
 * GET /projects/upload_contact/template/).
 */
export function contactRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/contacts/',
    auth: 'required',
    input: contactListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listContacts(core, a, i)),
  });
  route(app, core, { method: 'POST', url: '/contacts/', auth: 'required', input: contactInput, status: 201, handler: (i, a) => createContact(core, a, i) });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, { method, url: '/contacts/:id/', auth: 'required', input: contactUpdateInput, handler: (i, a, { req }) => updateContact(core, a, idParam(req), i) });
  }
  route(app, core, {
    method: 'DELETE',
    url: '/contacts/:id/',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteContact(core, a, idParam(req)),
  });
  route(app, core, { method: 'POST', url: '/projects/contacts/resolve/', auth: 'required', input: resolveRecipientsInput, handler: (i, a) => resolveRecipients(core, a, i) });

  route(app, core, {
    method: 'GET',
    url: '/projects/upload_contact/template/',
    auth: 'required',
    handler: (_i, a, { reply }) => {
      authorizeContacts(a);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${CONTACT_CSV_TEMPLATE_NAME}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(CONTACT_CSV_TEMPLATE);
    },
  });
  app.post('/projects/upload_contact/:id/', async (req) => {
    const actor = await requireBearer(core, req);
    const projectId = idParam(req);
    const form = req.isMultipart() ? await readMultipart(req, MAX_CONTACT_CSV_BYTES) : null;
    const file = form ? (form.files.file ?? Object.values(form.files)[0]) : undefined;
    return uploadContactsCsv(core, actor, projectId, file);
  });
}
