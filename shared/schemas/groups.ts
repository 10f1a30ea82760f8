import { z } from 'zod';
import { COLOR_STATUSES } from '../colors.js';
import { MAX_CONTACT_CSV_ROWS } from '../csv.js';
import { CONTACT_MESSAGES, contactInput } from './contacts.js';
import { maxMessage } from './fields.js';
import { checkNdaSource, ndaSourceFormFields } from './nda-source.js';
import { flag, id, idList, ndaSourceInputFields, optionalId, pageParams, PROJECTS_PAGE_SIZE } from './projects.js';
import { ndaDeadline } from './timetable.js';

/** Recipient groups: signer groups (sets of recipients), project branches (a project's groups) and signerships. */

export const GROUP_NAME_MAX = 128;

export const GROUP_MESSAGES = {
  nameRequired: 'Group name is required',
  selectGroup: 'Please, select a contacts group',
  selectRecipients: 'Please, select at least one recipient.',
  notContact: 'Recipients must be contacts of your company.',
  unknownGroup: 'Contacts group not found.',
  inUse: 'This contacts group is used by a recipients group and cannot be deleted.',
  sameColor: 'Choose a colour other than the current one.',
  foreignProject: 'This contacts group is used by a project you do not manage.',
  bothRecipientSources: 'Send typed recipients or contacts groups, not both.',
  tooManyRecipients: `Add at most ${MAX_CONTACT_CSV_ROWS} recipients at a time.`,
  ndaWithInherit: 'This group uses the project NDA: switch off “Use the project NDA” to give it its own.',
} as const;

const groupName = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_NAME_MAX, maxMessage(GROUP_NAME_MAX));

const colorStatus = z.enum(COLOR_STATUSES as unknown as ['red', 'yellow', 'green'], {
  error: 'Choose red, yellow or green.',
});

export const signerGroupInput = z.object({
  name: groupName,
  users: idList.refine((ids) => ids.length > 0, GROUP_MESSAGES.selectRecipients),
});
export type SignerGroupInput = z.infer<typeof signerGroupInput>;
export const signerGroupUpdateInput = signerGroupInput.partial();
export type SignerGroupUpdateInput = z.infer<typeof signerGroupUpdateInput>;

/** A recipient typed on the recipients page. */
export interface RecipientRowValues {
  firstName: string;
  lastName: string;
  email: string;
}

const contactFields = ['firstName', 'lastName', 'email'] as const;

/**
 * Checks typed recipient rows as contacts (spec 5): each message is keyed `recipients.<row>.<field>`,
 * so it lands under that row's input. An e-mail may not repeat an earlier row's or be one of `teamEmails`.
 */
export function checkRecipientRows(
  rows: RecipientRowValues[],
  ctx: z.RefinementCtx,
  teamEmails: ReadonlySet<string> = new Set(),
): void {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [`recipients.${i}.${field}`], message });
    for (const field of contactFields) {
      const parsed = contactInput.shape[field].safeParse(row[field]);
      if (!parsed.success) issue(field, parsed.error.issues[0]!.message);
      else if (field === 'email') {
        if (teamEmails.has(parsed.data)) issue(field, CONTACT_MESSAGES.teamMember);
        else if (seen.has(parsed.data)) issue(field, CONTACT_MESSAGES.alreadyAdded);
        seen.add(parsed.data);
      }
    }
  });
}

const recipientRow = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

/** Rows typed on the recipients page, checked row by row (checkRecipientSources) and then read as contacts. */
const typedRecipients = z
  .array(recipientRow, { error: GROUP_MESSAGES.selectRecipients })
  .min(1, GROUP_MESSAGES.selectRecipients)
  .max(MAX_CONTACT_CSV_ROWS, GROUP_MESSAGES.tooManyRecipients);

/**
 * A group's recipients come from contacts groups (signerGroups) or from typed rows (recipients), not
 * both; a new group needs one of them.
 */
function checkRecipientSources(
  v: { recipients?: RecipientRowValues[]; signerGroups?: number[] },
  ctx: z.RefinementCtx,
  { required }: { required: boolean },
): void {
  if (v.recipients) {
    if (v.signerGroups?.length)
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: GROUP_MESSAGES.bothRecipientSources });
    checkRecipientRows(v.recipients, ctx);
  } else if (required && !v.signerGroups?.length)
    ctx.addIssue({ code: 'custom', path: ['signerGroups'], message: GROUP_MESSAGES.selectGroup });
}

/** Typed rows that passed checkRecipientRows, as contacts (trimmed names, lower-case e-mail). */
const asContacts = (rows: RecipientRowValues[] | undefined) => rows?.map((row) => contactInput.parse(row));

/**
 * A new group of a project: its recipients are contacts groups (signerGroups) or rows typed on the
 * recipients page (recipients, which become contacts and a contacts group named after the group), and a
 * group that does not inherit the project NDA may bring its own (ndaName with ndaTemplate or a file).
 */
export const branchCreateInput = z
  .object({
    name: groupName,
    project: id,
    signerGroups: idList.optional(),
    recipients: typedRecipients.optional(),
    allowComments: flag.optional().default(true),
    sendTeaser: flag.optional().default(false),
    inheritNdaFromProject: flag.optional().default(true),
    /** The group's own NDA deadline; null or omitted: the project's. */
    ndaDeadline: ndaDeadline.optional(),
    ...ndaSourceInputFields,
  })
  .superRefine((v, ctx) => checkRecipientSources(v, ctx, { required: true }))
  .transform(({ recipients, signerGroups, ...rest }) => ({
    ...rest,
    signerGroups: signerGroups ?? [],
    recipients: asContacts(recipients),
  }));
export type BranchCreateInput = z.infer<typeof branchCreateInput>;

/** The recipients page's values (creating or editing a group); `teamEmails` are the sending team's. */
export function recipientsFormSchema(options: { teamEmails: ReadonlySet<string>; editing: boolean }) {
  return z
    .object({
      name: z.string(),
      mode: z.enum(['new', 'existing']),
      recipients: z.array(recipientRow.extend({ key: z.string() })),
      signerGroup: z.string().nullable(),
      allowComments: z.boolean(),
      sendTeaser: z.boolean(),
      inheritNdaFromProject: z.boolean(),
      ...ndaSourceFormFields,
    })
    .superRefine((v, ctx) => {
      const name = groupName.safeParse(v.name);
      if (!name.success) ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]!.message });
      if (v.mode === 'new') {
        checkRecipientRows(v.recipients, ctx, options.teamEmails);
        if (v.recipients.every((r) => !r.firstName.trim() && !r.lastName.trim() && !r.email.trim()))
          ctx.addIssue({ code: 'custom', path: ['recipients'], message: GROUP_MESSAGES.selectRecipients });
      } else if (!options.editing && !v.signerGroup)
        ctx.addIssue({ code: 'custom', path: ['signerGroup'], message: GROUP_MESSAGES.selectGroup });
      if (!v.inheritNdaFromProject && !options.editing) checkNdaSource(v, ctx);
    });
}

/**
 * A change of a group. Its recipients may be given as contacts groups (signerGroups) or as the typed
 * rows of the recipients page (recipients), as when it was created.
 */
const branchChanges = z.object({
  name: groupName.optional(),
  colorStatus: colorStatus.optional(),
  allowComments: flag.optional(),
  sendTeaser: flag.optional(),
  inheritNdaFromProject: flag.optional(),
  ndaDeadline: ndaDeadline.optional(),
  signerGroups: idList.refine((ids) => ids.length > 0, GROUP_MESSAGES.selectGroup).optional(),
  recipients: typedRecipients.optional(),
});
const checkChanges = (v: z.output<typeof branchChanges>, ctx: z.RefinementCtx) =>
  checkRecipientSources(v, ctx, { required: false });
const readChanges = <T extends { recipients?: RecipientRowValues[] }>({ recipients, ...rest }: T) => ({
  ...rest,
  recipients: asContacts(recipients),
});

export const branchUpdateInput = branchChanges.superRefine(checkChanges).transform(readChanges);
export type BranchUpdateInput = z.infer<typeof branchUpdateInput>;
/** The tRPC twin of PATCH /projects/project_branches/{id}/: the group's id with its changes. */
export const branchUpdateCall = branchChanges.extend({ id }).superRefine(checkChanges).transform(readChanges);

export const signershipUpdateInput = z.object({ colorStatus });

export const branchListQuery = z.object({ project: optionalId, ...pageParams(null) });
export const signerGroupListQuery = z.object(pageParams(null));
export const dashboardQuery = z.object({ project: id, ...pageParams(PROJECTS_PAGE_SIZE) });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
