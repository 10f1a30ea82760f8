import { z } from 'zod';
import { COLOR_STATUSES } from '../colors.js';
import { maxMessage } from './fields.js';
import { flag, id, idList, optionalId, pageParams, PROJECTS_PAGE_SIZE } from './projects.js';

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

export const branchCreateInput = z.object({
  name: groupName,
  project: id,
  signerGroups: idList.refine((ids) => ids.length > 0, GROUP_MESSAGES.selectGroup),
  allowComments: flag.optional().default(true),
  sendTeaser: flag.optional().default(false),
  inheritNdaFromProject: flag.optional().default(true),
});
export type BranchCreateInput = z.infer<typeof branchCreateInput>;

export const branchUpdateInput = z
  .object({
    name: groupName,
    colorStatus,
    allowComments: flag,
    sendTeaser: flag,
    inheritNdaFromProject: flag,
    signerGroups: idList.refine((ids) => ids.length > 0, GROUP_MESSAGES.selectGroup),
  })
  .partial();
export type BranchUpdateInput = z.infer<typeof branchUpdateInput>;

export const signershipUpdateInput = z.object({ colorStatus });

export const branchListQuery = z.object({ project: optionalId, ...pageParams(null) });
export const signerGroupListQuery = z.object(pageParams(null));
export const dashboardQuery = z.object({ project: id, ...pageParams(PROJECTS_PAGE_SIZE) });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
