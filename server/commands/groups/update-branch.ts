import { canSetColor, type ColorStatus, groupColor } from '@shared/colors.js';
import { type BranchUpdateInput, GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { ContactInput } from '@shared/schemas/contacts.js';
import { effectiveDeadline, isExtension } from '@shared/timetable.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBranch } from '@server/policies/group.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentBranches } from '@server/queries/groups/present-branches.js';
import { announceExtension } from '../timetable/announce-extension.js';
import { checkSignerGroups } from './recipient-users.js';
import { syncBranchSigners } from './sync-branch-signers.js';
import { insertTypedRecipients, refuseTeamRecipients, retryOnRecipientRace } from './typed-recipients.js';
import { announceReleases } from '../deal-documents/announce-releases.js';

/**
 * Edits a recipient group in one transaction: name, toggles, NDA deadline (null: the project's; a
 * later deadline or none is an extension, announced to the group), recipients and colour tag. Recipients
 * come as signer groups or, as on the recipients page, as typed rows: unless they are the people the
 * group already has, the rows become contacts and accounts in a new signer group named after the group,
 * which replaces the group's. Recipients follow, with recipient_added / recipient_removed events.
 * Tagging the group tags every recipient in it, so the group's shown colour (aggregated from its
 * recipients) is the one chosen; it must differ from the shown one. A refused part changes nothing.
 */
export async function updateBranch(
  core: Core,
  { actor, branchId, input, ip }: { actor: Actor; branchId: number; input: BranchUpdateInput; ip?: string },
): Promise<BranchDto> {
  const { branch, project } = await authorizeBranch(core.db, actor, branchId, 'change');
  const { colorStatus, signerGroups, recipients, ...fields } = input;
  const companyId = project.companyId;
  if (recipients) await refuseTeamRecipients(core.db, { companyId, recipients });
  const run = () =>
    core.tx(async (tx) => {
      const before = await tx.db
        .selectFrom('projectBranches')
        .select('ndaDeadline')
        .where('id', '=', branch.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (Object.keys(fields).length)
        await tx.db.updateTable('projectBranches').set(fields).where('id', '=', branch.id).execute();
      if (fields.ndaDeadline !== undefined) {
        const was = effectiveDeadline(before.ndaDeadline, project.ndaDeadline);
        const now = effectiveDeadline(fields.ndaDeadline, project.ndaDeadline);
        if (isExtension(was, now))
          await announceExtension(core, tx, {
            actor,
            projectId: project.id,
            branchIds: [branch.id],
            deadline: now,
            ip,
          });
      }
      const name = fields.name ?? branch.name;
      const groups =
        recipients && !(await sameRecipients(tx, branch.id, recipients))
          ? [await insertTypedRecipients(tx, { companyId, invitedById: actor.user.id, name, recipients })]
          : signerGroups;
      if (groups) {
        await checkSignerGroups(tx, { companyId, groupIds: groups });
        await tx.db.deleteFrom('projectBranchSignerGroups').where('projectBranchId', '=', branch.id).execute();
        await tx.db
          .insertInto('projectBranchSignerGroups')
          .values(groups.map((signerGroupId) => ({ projectBranchId: branch.id, signerGroupId })))
          .execute();
        await syncBranchSigners(core, tx, { branch, authorId: actor.user.id, ip });
      }
      if (colorStatus) await tagGroup(tx, { branchId: branch.id, current: branch.colorStatus, colorStatus });
      // send_teaser turned on releases the teaser to a group whose NDA is out.
      if (fields.sendTeaser) await announceReleases(core, tx, { projectId: project.id, branchIds: [branch.id], ip });
      const row = await tx.db
        .selectFrom('projectBranches')
        .selectAll()
        .where('id', '=', branch.id)
        .executeTakeFirstOrThrow();
      const [dto] = await presentBranches(tx.db, {
        viewerId: actor.user.id,
        rows: [{ row, asSigner: false }],
        now: core.config.timetable.now(),
      });
      return dto!;
    });
  return recipients ? retryOnRecipientRace(run) : run();
}

/** The typed rows name the group's recipients of now, in any order (by e-mail). */
async function sameRecipients(tx: Tx, branchId: number, rows: ContactInput[]): Promise<boolean> {
  const current = await tx.db
    .selectFrom('signerships')
    .innerJoin('users', 'users.id', 'signerships.userId')
    .select('users.email')
    .where('signerships.projectBranchId', '=', branchId)
    .execute();
  const norm = (emails: string[]) => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join('\n');
  return norm(current.map((c) => c.email)) === norm(rows.map((r) => r.email));
}

/** Tags the group and every recipient in it with a colour other than the one the group shows. */
async function tagGroup(
  tx: Tx,
  { branchId, current, colorStatus }: { branchId: number; current: ColorStatus | null; colorStatus: ColorStatus },
): Promise<void> {
  const recipients = await tx.db
    .selectFrom('signerships')
    .select('colorStatus')
    .where('projectBranchId', '=', branchId)
    .execute();
  const shown = groupColor(recipients.map((r) => r.colorStatus)) ?? current;
  if (!canSetColor(shown, colorStatus))
    throw AppError.fields('group_invalid', { colorStatus: GROUP_MESSAGES.sameColor });
  await tx.db.updateTable('projectBranches').set({ colorStatus }).where('id', '=', branchId).execute();
  await tx.db.updateTable('signerships').set({ colorStatus }).where('projectBranchId', '=', branchId).execute();
}
