import type { FastifyInstance } from 'fastify';
import { CONTACT_CSV_TEMPLATE, CONTACT_CSV_TEMPLATE_NAME, MAX_CONTACT_CSV_BYTES } from '@shared/csv.js';
import {
  contactInput,
  contactListQuery,
  contactUpdateInput,
  resolveRecipientsInput,
} from '@shared/schemas/contacts.js';
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
import { route } from './route.js';

/**
 * My Network (/contacts/), the typed recipients' resolver (POST /projects/contacts/resolve/) and the
 * buyers list CSV of a project (POST /projects/upload_contact/{projectId}/, template at
 * GET /projects/upload_contact/template/).
 */
export function contactRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/contacts/',
    summary: 'Lists the contacts of the caller’s company (My Network), by name.',
    description: '?search= filters by name or e-mail. Every contact unless a limit is given.',
    auth: 'required',
    input: contactListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listContacts(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'POST',
    url: '/contacts/',
    summary: 'Adds a person to the company’s network.',
    description:
      'The contact always carries an account (user {pk, email}): the one of its e-mail, or an invited, not yet registered account made for it (nothing is e-mailed), so the answer does not tell whether the person has registered and the contact can be put in a signer group at once. An e-mail already in the company’s contacts, or one of its own team, is refused.',
    auth: 'required',
    input: contactInput,
    status: 201,
    handler: (i, a) => createContact(core, { actor: a, input: i }),
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, {
      method,
      url: '/contacts/:id/',
      summary: 'Edits a contact.',
      description:
        'A new e-mail follows the same rules as a new contact and links the contact to that e-mail’s account (an invited one when nobody has registered it).',
      auth: 'required',
      input: contactUpdateInput,
      handler: (i, a, { req }) => updateContact(core, { actor: a, contactId: idParam(req), input: i }),
    });
  }
  route(app, core, {
    method: 'DELETE',
    url: '/contacts/:id/',
    summary: 'Removes a contact from the network.',
    description: 'Groups the contact was put in keep their recipients.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteContact(core, { actor: a, contactId: idParam(req) }),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/contacts/resolve/',
    summary: 'Turns typed recipient rows into accounts that can be put in a signer group.',
    description:
      'Each row {firstName, lastName, email} becomes a contact of the company (found or created by e-mail) whose user is the account for that e-mail, created as an invited, not yet registered signer when none exists (no e-mail goes out until the NDA is sent). Answers {users, contacts} in the rows’ order; an e-mail of the company’s own team is refused.',
    auth: 'required',
    input: resolveRecipientsInput,
    handler: (i, a) => resolveRecipients(core, { actor: a, input: i }),
  });

  route(app, core, {
    method: 'GET',
    url: '/projects/upload_contact/template/',
    summary: 'Downloads the template CSV of a buyers list.',
    auth: 'required',
    produces: 'text/csv',
    handler: (_i, a, { reply }) => {
      authorizeContacts(a);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${CONTACT_CSV_TEMPLATE_NAME}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(CONTACT_CSV_TEMPLATE);
    },
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/upload_contact/:id/',
    summary: 'Uploads a buyers list (CSV) of a project: its rows become contacts of the project’s company.',
    description:
      'A .csv file of at most 1 MB and 2000 rows with first_name, last_name and email columns (see the template). Good rows are kept (contacts already there are counted as skipped) and bad rows are reported with their row number and reason, in {detail, created, skipped, errors}; a file that is not a readable CSV is refused as a whole.',
    auth: 'required',
    form: { files: ['file'] },
    handler: async (_i, actor, { req }) => {
      const projectId = idParam(req);
      const form = req.isMultipart() ? await readMultipart(req, MAX_CONTACT_CSV_BYTES) : null;
      const file = form ? (form.files.file ?? Object.values(form.files)[0]) : undefined;
      return uploadContactsCsv(core, { actor, projectId, upload: file });
    },
  });
}
