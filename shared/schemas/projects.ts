import { z } from 'zod';
import { optionalDocument, requiredDocument } from './documents.js';
import { maxMessage, NOT_ZERO } from './fields.js';
import { PG_INTEGER_MAX, recordIdOrText } from './ids.js';
import { checkNdaSource, ndaSourceFormFields } from './nda-source.js';
import { DOCUMENT_FILE_MESSAGES, ndaName } from './ndas.js';
import { ndaDeadline, remindersInput } from './timetable.js';

/** Projects, their members, paging and the events feed: inputs validated at every door. */

export const PROJECT_NAME_MAX = 30;
export const PROJECT_TITLE_MAX = 128;
export const PROJECT_SUMMARY_MAX = 5000;
export const PROJECTS_PAGE_SIZE = 9;
export const EVENTS_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export const PROJECT_MESSAGES = {
  enterName: 'enter project name',
  notEnoughCredits:
    'You don’t have enough credits to start a new project. You can either purchase additional project credits or upgrade to the Bulge-Bracket plan for unlimited projects.',
  signatureFirst: 'add signature before creating a project',
  notTeamMember: 'Select members of your team.',
  creatorStays: 'The creator of the project cannot be removed from its members.',
  selfStays: 'You cannot remove your own account from the project members.',
  readOnly: 'Recipients have a read-only view of the project.',
  teamOnly: 'Only the team that runs projects can do this.',
} as const;

/** A positive integer id, from JSON (number) or a form / query string ("12"). */
export const id = recordIdOrText;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional id of a query string: an empty value (?project=) is no filter. */
export const optionalId = z.preprocess(blank, id.optional());

/** A list of ids: a JSON array, one form value or a repeated form field; blank values are ignored. */
export const idList = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null) return v;
      const list = Array.isArray(v) ? v : [v];
      return list.filter((x) => !(typeof x === 'string' && x.trim() === ''));
    },
    z.array(id).max(500, 'Too many items.'),
  )
  .transform((ids) => [...new Set(ids)]);

/** A boolean from JSON or a form ('true'/'false', '1'/'0', 'on'). */
export const flag = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no', ''].includes(s)) return false;
    return v;
  },
  z.boolean({ error: 'Must be a valid boolean.' }),
);

const projectName = (max: number) =>
  z.string({ error: PROJECT_MESSAGES.enterName }).trim().min(1, PROJECT_MESSAGES.enterName).max(max, maxMessage(max));
const summary = z.string().trim().max(PROJECT_SUMMARY_MAX, maxMessage(PROJECT_SUMMARY_MAX));

/**
 * The NDA given with the call that creates its project or group: nda_name with nda_template here, or
 * with a file beside (nda_file). Blank values count as none, so a form's empty inputs send no NDA.
 */
export const ndaSourceInputFields = {
  ndaName: z.preprocess(blank, ndaName.optional()),
  ndaTemplate: optionalId,
};

/** How the sending side signs: the owner's saved signature applied at once, or an authorised signatory by hand. */
export const COUNTERSIGNATURE_MODES = ['automatic', 'manual'] as const;
export type Countersignature = (typeof COUNTERSIGNATURE_MODES)[number];
/** When a signer's group unlocks the teaser and CIM: on their own signature, or once the NDA is executed. */
export const RELEASE_DOCUMENTS_ON = ['recipient_signed', 'executed'] as const;
export type ReleaseDocumentsOn = (typeof RELEASE_DOCUMENTS_ON)[number];
export const DISCLOSING_PARTY_NAME_MAX = 200;
export const DISCLOSING_PARTY_ADDRESS_MAX = 500;

/** Who signs for the disclosing side and how: read and written with the project. */
export const signingSettingsFields = {
  disclosingPartyName: z.string().trim().max(DISCLOSING_PARTY_NAME_MAX, maxMessage(DISCLOSING_PARTY_NAME_MAX)),
  disclosingPartyAddress: z.string().trim().max(DISCLOSING_PARTY_ADDRESS_MAX, maxMessage(DISCLOSING_PARTY_ADDRESS_MAX)),
  signsAsAgent: flag,
  countersignature: z.enum(COUNTERSIGNATURE_MODES, { error: 'countersignature must be automatic or manual.' }),
  releaseDocumentsOn: z.enum(RELEASE_DOCUMENTS_ON, {
    error: 'releaseDocumentsOn must be recipient_signed or executed.',
  }),
};

/** The add-project page: name up to 30 characters. Teaser, CIM and the NDA's file travel as files beside these fields. */
export const projectCreateInput = z.object({
  name: projectName(PROJECT_NAME_MAX),
  summary: summary.optional().default(''),
  members: idList.optional().default([]),
  ...ndaSourceInputFields,
  ...z.object(signingSettingsFields).partial().shape,
  ndaDeadline: ndaDeadline.optional(),
  reminders: remindersInput.optional(),
});
export type ProjectCreateInput = z.infer<typeof projectCreateInput>;

/** The Add project form's values: the fields above, the chosen files, and the project NDA (required there, spec 5). */
export const addProjectFormSchema = z
  .object({
    name: projectName(PROJECT_NAME_MAX),
    summary: z.string().max(PROJECT_SUMMARY_MAX, maxMessage(PROJECT_SUMMARY_MAX)),
    members: z.array(z.string()),
    teaser: optionalDocument,
    cim: optionalDocument,
    ...ndaSourceFormFields,
  })
  .superRefine(checkNdaSource);

/** Update teaser / Update CIM: the one file the page needs. */
export function projectFileFormSchema(kind: 'teaser' | 'cim') {
  return z.object({ file: requiredDocument(DOCUMENT_FILE_MESSAGES[kind]) });
}

/** The dashboard's team dialog: the chosen members (ids as the picker holds them). */
export const projectMembersFormSchema = z.object({ members: idList });

/** The dashboard: title up to 128 characters; members replace the project's team. */
export const projectUpdateInput = z
  .object({
    name: projectName(PROJECT_TITLE_MAX),
    summary,
    members: idList,
    isArchived: flag,
    ...signingSettingsFields,
    ndaDeadline,
    reminders: remindersInput,
    /** Internal approval: a team member's proposal outside the playbook waits for an approver. */
    proposalApproval: flag,
    /** The members who may release held proposals (each must be a member of the project). */
    approvers: idList,
  })
  .partial();
export type ProjectUpdateInput = z.infer<typeof projectUpdateInput>;

/** limit / offset paging; limit=-1 means every row; no (or an empty) limit means the call's default (null: every row). */
export function pageParams(defaultLimit: number | null) {
  const INVALID = 'A valid integer is required.';
  const LIMIT = 'Ensure this value is -1 (all) or a positive number.';
  return {
    limit: z
      .preprocess(
        blank,
        z.coerce
          .number({ error: INVALID })
          .int(INVALID)
          .min(-1, LIMIT)
          .max(MAX_PAGE_SIZE, `Ensure this value is at most ${MAX_PAGE_SIZE}.`)
          .refine((n) => n !== 0, LIMIT)
          .optional()
          .transform((n) => (n === undefined ? defaultLimit : n === -1 ? null : n)),
        // What the refine above says, for the OpenAPI description: 0 is no page size.
      )
      .meta(NOT_ZERO),
    offset: z.preprocess(
      blank,
      z.coerce
        .number({ error: INVALID })
        .int(INVALID)
        .min(0, 'Ensure this value is at least 0.')
        .max(1_000_000_000, 'Ensure this value is at most 1000000000.')
        .optional()
        .default(0),
    ),
  };
}
export interface PageRequest {
  /** null: every row. */
  limit: number | null;
  offset: number;
}

export const PROJECT_FILTERS = ['All', 'Active', 'Received', 'Initiated', 'Archived'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export const projectListQuery = z.object({
  filter: z
    .preprocess(
      (v) =>
        typeof v === 'string' && v.trim()
          ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase()
          : undefined,
      z.enum(PROJECT_FILTERS, { error: `Choose one of ${PROJECT_FILTERS.join(', ')}.` }).optional(),
    )
    .default('All'),
  search: z.string().trim().max(PROJECT_TITLE_MAX, maxMessage(PROJECT_TITLE_MAX)).optional().default(''),
  company: optionalId,
  ...pageParams(PROJECTS_PAGE_SIZE),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const eventListQuery = z.object({
  ordering: z.enum(['-id', 'id'], { error: 'Ordering is -id or id.' }).optional().default('-id'),
  project: optionalId,
  projectBranch: optionalId,
  idGt: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(0)
      .max(PG_INTEGER_MAX, 'A valid integer is required.')
      .optional(),
  ),
  ...pageParams(EVENTS_PAGE_SIZE),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const markEventsReadInput = z.object({
  events: z.array(id, { error: 'A list of event ids is required.' }).max(MAX_PAGE_SIZE, 'Too many items.'),
});
