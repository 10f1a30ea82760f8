import { type BranchCreateInput, GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentNda } from '@server/presenters/nda.js';
import { presentBranches } from '@server/queries/groups/present-branches.js';
import { publishNdaCreated } from '@server/realtime/publishers/ndas.js';
import { copyProjectNdaToBranch } from '../ndas/copy-project-nda.js';
import type { Upload } from '../ndas/store-nda-document.js';
import { insertNewNda, newNdaSource, storeNewNda } from '../ndas/store-new-nda.js';
import { checkSignerGroups } from './recipient-users.js';
import { syncBranchSigners } from './sync-branch-signers.js';
import { insertTypedRecipients, refuseTeamRecipients, retryOnRecipientRace } from './typed-recipients.js';

export interface CreateBranchOptions {
  actor: Actor;
  input: BranchCreateInput;
  /** The group's own NDA file (a group that does not inherit the project NDA). */
  ndaFile?: Upload;
  ip?: string;
}

/**
 * Creates a recipient group of a project in one transaction: from signer groups, or from typed
 * recipients (each becomes a contact and an account, gathered in a signer group named after the group);
 * a signership (event recipient_added) for every recipient; and its NDA: a copy of the project NDA
 * when it inherits it and the project has one, else the NDA it brings, if any. Nothing is created when
 * any part is refused.
 */
export async function createBranch(core: Core, options: CreateBranchOptions): Promise<BranchDto> {
  const { actor, input, ip } = options;
  const { project } = await authorizeProject(core.db, actor, input.project, 'change');
  const ndaSource = newNdaSource({ fields: input, upload: options.ndaFile });
  if (ndaSource && input.inheritNdaFromProject)
    throw AppError.fields('nda_source_invalid', { ndaFile: GROUP_MESSAGES.ndaWithInherit });
  const recipients = input.recipients;
  if (recipients) await refuseTeamRecipients(core.db, { companyId: project.companyId, recipients });
  const nda = ndaSource && {
    name: ndaSource.name,
    doc: await storeNewNda(core, { actor, project, source: ndaSource }),
  };

  const run = () =>
    core.tx(async (tx) => {
      let signerGroups = input.signerGroups;
      if (recipients)
        signerGroups = [
          await insertTypedRecipients(tx, {
            companyId: project.companyId,
            invitedById: actor.user.id,
            name: input.name,
            recipients,
          }),
        ];
      else await checkSignerGroups(tx, { companyId: project.companyId, groupIds: signerGroups });
      // Database trigger project_branches_report_months (migration 2026_11_23_0050) counts the group in the reports.
      const branch = await tx.db
        .insertInto('projectBranches')
        .values({
          projectId: project.id,
          name: input.name,
          allowComments: input.allowComments,
          sendTeaser: input.sendTeaser,
          inheritNdaFromProject: input.inheritNdaFromProject,
          ndaDeadline: input.ndaDeadline ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('projectBranchSignerGroups')
        .values(signerGroups.map((signerGroupId) => ({ projectBranchId: branch.id, signerGroupId })))
        .execute();
      if (input.inheritNdaFromProject)
        await copyProjectNdaToBranch(core, tx, { projectId: project.id, branchId: branch.id });
      else if (nda) {
        const created = presentNda(await insertNewNda(tx, { projectId: project.id, branchId: branch.id, ...nda }));
        publishNdaCreated(core, tx, { nda: created });
      }
      await syncBranchSigners(core, tx, { branch, authorId: actor.user.id, ip });
      const [dto] = await presentBranches(tx.db, {
        viewerId: actor.user.id,
        rows: [{ row: branch, asSigner: false }],
        now: core.config.timetable.now(),
      });
      return dto!;
    });
  try {
    return await (recipients ? retryOnRecipientRace(run) : run());
  } catch (err) {
    if (nda) await core.blobs.delete(nda.doc.fileKey).catch(() => undefined);
    throw err;
  }
}
