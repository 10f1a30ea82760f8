import { z } from 'zod';
import { UPLOAD_MESSAGES } from '../uploads.js';
import { maxMessage, NOT_ZERO } from './fields.js';
import { recordId } from './ids.js';

/** NDAs (spec 2, sections 3-5 and 7): names, sources, lifecycle messages, and the form helpers the document calls share. */
export const MAX_NDA_NAME = 30;
/** The largest page a list call answers; limit=-1 answers every row. */
export const MAX_PAGE_LIMIT = 1000;

export const NDA_MESSAGES = {
  name: 'enter NDA name',
  source: 'choose template or upload file for NDA',
  bothSources: 'Choose a template or upload a file for NDA, not both.',
  target: 'Choose the project or the group the NDA belongs to.',
  bothTargets: 'An NDA belongs to a project or to one of its groups, not both.',
  template: 'select a template',
  projectHasNda: 'This project already has an NDA. Edit it instead of uploading another one.',
  groupHasNda: 'This group already has an NDA. Edit it instead of uploading another one.',
  cannotRecall: 'This NDA cannot be recalled: it is already recalled or it is signed.',
  cannotRestore: 'Only a recalled NDA that is not signed can be restored.',
  deleteSigned: 'A signed NDA cannot be deleted.',
  deleteNotRecalled: 'Recall the NDA before deleting it.',
  signedIsFinal: 'A signed NDA cannot be changed.',
  replaceAfterSend: 'The NDA has been sent: recall it before replacing its document.',
  recallAlone: 'Recall or restore the NDA on its own, without other changes in the same request.',
  nothingToChange: 'Nothing to change: send a name, a file or a template.',
  noProjectNda: 'cannot send mail to recipients without project NDA',
  recalled: 'This NDA has been recalled by its sender.',
} as const;

/** Required-file messages of the project's documents: 'upload a file' plus what it is for (spec 5). */
export const DOCUMENT_FILE_MESSAGES = {
  template: `${UPLOAD_MESSAGES.uploadFile} for NDA Template`,
  teaser: `${UPLOAD_MESSAGES.uploadFile} for teaser`,
  cim: `${UPLOAD_MESSAGES.uploadFile} for cim`,
} as const;

/** A record id: a positive integer that fits PostgreSQL's integer. */
export const idValue = recordId;
export const optionalId = idValue.optional();
export const optionalBoolean = z.boolean({ error: 'Must be true or false.' }).optional();

const LIMIT = `limit must be -1 (all) or a number from 1 to ${MAX_PAGE_LIMIT}.`;
const OFFSET = 'offset must be a number from 0.';
/** limit/offset of a list call; limit=-1 means all. (REST reads them from the query string: server/rest/ndas.ts restInput.) */
export function pageFields(defaultLimit: number) {
  return {
    limit: z
      .number({ error: LIMIT })
      .int(LIMIT)
      .min(-1, LIMIT)
      .max(MAX_PAGE_LIMIT, LIMIT)
      .refine((v) => v !== 0, LIMIT)
      .default(defaultLimit)
      .meta(NOT_ZERO),
    offset: z.number({ error: OFFSET }).int(OFFSET).min(0, OFFSET).max(1_000_000_000, OFFSET).default(0),
  };
}

export const ndaName = z
  .string({ error: NDA_MESSAGES.name })
  .trim()
  .min(1, NDA_MESSAGES.name)
  .max(MAX_NDA_NAME, maxMessage(MAX_NDA_NAME));

/** The form fields of a new NDA; the file, when there is one, travels beside them (multipart). */
export const ndaCreateInput = z
  .object({ project: optionalId, projectBranch: optionalId, name: ndaName, template: optionalId })
  .superRefine((v, ctx) => {
    if (v.project && v.projectBranch) ctx.addIssue({ code: 'custom', path: [], message: NDA_MESSAGES.bothTargets });
    else if (!v.project && !v.projectBranch)
      ctx.addIssue({ code: 'custom', path: ['project'], message: NDA_MESSAGES.target });
  });
export type NdaCreateInput = z.infer<typeof ndaCreateInput>;

/** PATCH: isRecalled alone recalls or restores; name and a template (or a file beside) edit it. */
export const ndaUpdateInput = z.object({ name: ndaName.optional(), template: optionalId, isRecalled: optionalBoolean });
export type NdaUpdateInput = z.infer<typeof ndaUpdateInput>;

export const ndaListInput = z.object({ project: optionalId, projectBranch: optionalId, ...pageFields(-1) });
export type NdaListInput = z.infer<typeof ndaListInput>;

export const ndaIdInput = z.object({ id: idValue });
/** get_nda_pdf: a signed NDA answers its sealed PDF; ?original=true the document as sent. */
export const ndaFileInput = z.object({
  original: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
