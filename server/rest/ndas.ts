import type { FastifyInstance } from 'fastify';
import { redlineImportInput } from '@shared/redline.js';
import { ndaCreateInput, ndaFileInput, ndaListInput, ndaUpdateInput } from '@shared/schemas/ndas.js';
import { MAX_SIGNATURE_FIELDS, MIN_FIELD_SIZE, signatureFieldsInput } from '@shared/schemas/signature-fields.js';
import { createNda } from '../commands/ndas/create-nda.js';
import { setSignatureFields } from '../commands/ndas/set-signature-fields.js';
import { deleteNda } from '../commands/ndas/delete-nda.js';
import { updateNda } from '../commands/ndas/update-nda.js';
import type { Core } from '../core.js';
import { getNda } from '../queries/ndas/get-nda.js';
import { listNdas } from '../queries/ndas/list-ndas.js';
import { readNdaFile } from '../queries/ndas/read-nda-file.js';
import { listNdaClauses } from '../queries/ndas/list-clauses.js';
import { getSignatureFields } from '../queries/ndas/signature-fields.js';
import { previewNda } from '../queries/signing/preview-nda.js';
import { ndaRedline } from '../queries/ndas/nda-redline.js';
import { previewRedlineImport } from '../queries/ndas/preview-redline-import.js';
import { DOCX_TYPE } from '../services/docx/docx-type.js';
import { recordNdaOpened } from '../commands/ndas/record-nda-opened.js';
import { importRedline } from '../commands/threads/import-redline.js';
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
    summary: 'Lists the NDAs the caller may see, oldest first, all of them unless a limit is given.',
    description:
      'Managers see every NDA of their projects, a signer only the sent NDA of each of their groups. ?project= keeps one project’s NDAs (its own and its groups’), ?project_branch= one group’s.',
    auth: 'required',
    input: restInput(ndaListInput),
    handler: async (i, a, { req }) =>
      pageResponse(req, await listNdas(core, { actor: a, input: i }), i.limit, i.offset),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/nda/',
    summary: 'Adds the NDA of a project or of one of its groups, from a template or an uploaded file.',
    description:
      'Give project or project_branch (not both) and a template or a file (not both); a project or group that already has an NDA is refused. The file is checked by its content: a PDF, or a DOC, DOCX or ODT document converted to PDF, of at most 3 MB. A new project NDA is also copied to the groups that inherit it and have none.',
    auth: 'required',
    status: 201,
    form: { fields: ndaCreateInput, files: ['file'] },
    handler: async (_i, a, { req }) => {
      const { fields, file } = await readDocumentForm(req, ndaCreateInput);
      return createNda(core, { actor: a, input: fields, upload: file });
    },
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/',
    summary: 'Shows one NDA.',
    auth: 'required',
    handler: (_i, a, { req }) => getNda(core, { actor: a, ndaId: idParam(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/get_nda_pdf/',
    summary: 'Downloads the PDF of an NDA.',
    description:
      'A signed NDA answers its sealed PDF, or the document as sent with ?original=true. While its seal is pending (`sealPending`: no timestamp authority has answered yet) the signed PDF answers 409 with `code` `seal_pending`, never the unsealed file; it is served once the NDA is sealed. A signer reads it only once it is sent and while it is not recalled. The first read by each party records an nda_opened event: a signer’s, and a sender’s while the NDA is out for signature or awaits their countersignature; signing and countersigning need it.',
    auth: 'required',
    statuses: [409],
    produces: 'application/pdf',
    input: ndaFileInput,
    handler: async (i, a, { req, reply, ip }) => {
      const { blob, filename, nda, access } = await readNdaFile(core, { actor: a, ndaId: idParam(req), ...i });
      await recordNdaOpened(core, { actor: a, nda, access, ip });
      return sendBlob(reply, blob, filename);
    },
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/signing_preview/',
    summary: 'Previews the final document of a group’s NDA as it will be signed.',
    description:
      'The same document signing builds (the NDA, the schedule of agreed amendments, the certificate), from the negotiation as it stands, with the signatures still to apply, “PREVIEW - NOT SIGNED” on every page, and no seal. For the project’s team and the signers of the group once the NDA is sent (404 for anyone else); it records nothing. A project’s own NDA (400: only a group’s NDA is signed) and a signed NDA (400: its signed PDF is the final document) have none.',
    auth: 'required',
    produces: 'application/pdf',
    handler: async (_i, a, { req, reply }) => {
      const { blob, filename } = await previewNda(core, { actor: a, ndaId: idParam(req) });
      return sendBlob(reply, blob, filename);
    },
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/redline.docx',
    summary: 'Downloads an NDA as a Word redline: the negotiation as tracked changes and comments.',
    description:
      'The NDA’s text (its clauses: numbers, headings, paragraphs) as a DOCX. Every amendment both parties agreed replaces the text it quotes as a tracked change (a deletion and an insertion) whose author is the company of the party whose approval completed the agreement and whose date is that approval; an agreed amendment whose quote is not found in the text, and an agreed point without wording, is a tracked insertion in an “Agreed amendments” section at the end. Every open thread is a Word comment anchored at its quote (in an “Open comments” section at the end when its quote is not found), with its replies as replies and its standing proposal as a tracked insertion after the quote. Nothing internal to the sending team (playbook, notes) is included. For the project’s team and the signers of the group once the NDA is sent (404 for anyone else); it records nothing.',
    auth: 'required',
    produces: DOCX_TYPE,
    handler: async (_i, a, { req, reply }) => {
      const { blob, filename } = await ndaRedline(core, { actor: a, ndaId: idParam(req) });
      return sendBlob(reply, blob, filename);
    },
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/nda/:id/import_redline/',
    summary:
      'Previews what a Word mark-up of a group’s NDA would become (its tracked changes and comments as threads), and with `confirm` creates those threads.',
    description:
      'A DOCX (at most 10 MB) with tracked changes and comments, as multipart `file`, and optionally `confirm`. Without `confirm` (or with `false`) nothing is created: the answer `{commonText, items}` lists every tracked change (changes within one sentence merged) with the text it deletes as its `quote` and the text once changed as its `proposal`, and every comment with its `text` and the words it is anchored at, each with the `clause` of the NDA it falls in, or with the `reason` it matches no text of the NDA (then `clause` is null). With `confirm` `true`, the same file (send it again) becomes threads: each item with a clause is opened as an ordinary thread (quote, proposal, a pointer where its quote starts in its clause; the `new_comments_thread` event, notifications and the live `thread.created` follow), and the answer adds `threads`, the threads created. Items without a clause are not imported. A signer of the group imports in their own name; the project’s team imports on the bidder’s behalf, and each such thread says so: `imported: {by, onBehalfOf}` on every thread made by an import (`onBehalfOf` the bidder’s company, null when the bidder imported it). A file is imported once per NDA: confirming the same file again answers 409 with `code` `redline_already_imported` and creates nothing; a mark-up with no item matching the NDA answers 400 `redline_nothing_to_import`. A file that is not a DOCX, unpacks past the limits, carries macros or ActiveX controls, or declares a DTD or XML entities is refused with 400 on `file`; one larger than 10 MB with 413; one with too little text in common with this NDA with 400 and `code` `redline_unrelated`. For the group’s signers once the NDA is sent and the project’s team (404 for anyone else); a project’s own NDA answers 400. Confirming needs the NDA open to comments (not signed, recalled or passed on), as for any new thread.',
    auth: 'required',
    form: { fields: redlineImportInput, files: ['file'] },
    handler: async (_i, a, { req, ip }) => {
      const { fields, file } = await readDocumentForm(req, redlineImportInput);
      const target = { actor: a, ndaId: idParam(req), upload: file };
      return fields.confirm ? importRedline(core, { ...target, ip }) : previewRedlineImport(core, target);
    },
  });
  route(app, core, {
    method: 'PATCH',
    url: '/projects/nda/:id/',
    summary: 'Recalls or restores an NDA, or renames it or replaces its document.',
    description:
      'isRecalled true recalls (only an NDA that is not recalled and not signed), false restores (only a recalled NDA that is not signed), and it must come alone. A signed NDA cannot be changed, and its document (a new file, checked and converted like on creation, or a template) is replaced only while it is not sent or is recalled. A recalled group NDA given a new document becomes a new NDA for the group, under a new id (the answer), not sent, without the old one’s threads or signature fields, and with its recipients’ passes cleared: send it like any new NDA (the old id answers 404 from then on).',
    auth: 'required',
    form: { fields: ndaUpdateInput, files: ['file'] },
    handler: async (_i, a, { req, ip }) => {
      const id = idParam(req);
      const { fields, file } = await readDocumentForm(req, ndaUpdateInput);
      return updateNda(core, { actor: a, ndaId: id, input: fields, upload: file, ip });
    },
  });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/nda/:id/',
    summary: 'Deletes an NDA.',
    description: 'Only a recalled NDA that is not signed can be deleted.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteNda(core, { actor: a, ndaId: idParam(req) }),
  });
  const FIELDS_RULES =
    'Each field is `{party, kind, page, x, y, width, height}`: `party` is `sender` or `recipient`, `kind` one of `signature`, `name`, `company`, `title`, `date`, `address` (the party’s company address: the disclosing party’s the project names, else the company’s); `page` counts from 1; `x` and `y` are the top-left corner of the box and `width` and `height` its size, all fractions (0 to 1) of the visible page (its CropBox) from its top-left corner, as for pointers.';
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/clauses/',
    summary: "Lists an NDA's clauses, in reading order.",
    description:
      "The NDA's text split into clauses when it was stored: numbered sections (`1.`, `1.1`, `(a)`), headed paragraphs and the rows of a cover-page table of terms. Each is `{key, number, heading, text, pages, boxes: [{page, x, y, width, height}]}`: `key` is stable across a group's copy of the project NDA and re-uploads of the same structure (`s9`, `s2.1`, `s2(a)`, `h-governing-law`), `number` and `heading` are as the document writes them (or null), `pages` count from 1 and each box covers the clause's lines on one page, in fractions (0 to 1) of the visible page from its top-left corner, as for pointers. A document whose text cannot be read has none. Whoever may see the NDA may read them (a recipient, once it is sent to their group); others get 404. Threads answer `clause: {key, number, heading}` (or null): the clause their quote or first pointer falls in.",
    auth: 'required',
    handler: (_i, a, { req }) => listNdaClauses(core, { actor: a, ndaId: idParam(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/signature_fields/',
    summary: 'Lists the signature fields placed on an NDA, in the order they were placed.',
    description: `Both sides may read them: the NDA's senders, and its signers once it is sent (so they see where they will sign). ${FIELDS_RULES}`,
    auth: 'required',
    handler: (_i, a, { req }) => getSignatureFields(core, { actor: a, ndaId: idParam(req) }),
  });
  route(app, core, {
    method: 'PUT',
    url: '/projects/nda/:id/signature_fields/',
    summary: 'Replaces the signature fields of an NDA and answers them.',
    description: `${FIELDS_RULES} The list replaces the NDA's fields (an empty list removes them), on a project's NDA or a group's, by those who may edit the NDA (a signer of the group is refused with 403; anyone who may not see the NDA gets 404), until it is signed (then 400 with \`nonFieldErrors\`). A box must lie inside its page, at least ${MIN_FIELD_SIZE} of the page wide and high, on a page the document has; at most ${MAX_SIGNATURE_FIELDS} fields (400 with the messages under \`fields\`). Groups inheriting the project NDA take its fields with their copy, groups created later included, and a copy that still follows the project NDA (same document, not signed or recalled, sent or not, fields unchanged) takes its new fields; a group's copy may still be given fields of its own. An NDA made from a template takes the template's fields. At signing each field is filled in its box: the party's signature image scaled into it, or the name, title, company, address or date (UTC) written in it, at one size across a party's fields and never below 7 points (a title is the party's job title: the account owner's for the sender, the one the signer gives at signing, else on their profile, for the recipient; a recipient title field makes it required); an NDA without fields gets the signatures on a signature page appended after its last page, before the schedule and the certificate.`,
    auth: 'required',
    input: signatureFieldsInput,
    handler: (i, a, { req }) => setSignatureFields(core, { actor: a, ndaId: idParam(req), input: i }),
  });
}
