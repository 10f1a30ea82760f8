import { canDelete } from '@shared/nda-lifecycle.js';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { publishNdaDeleted } from '@server/realtime/publishers/ndas.js';
import { rooms } from '@server/realtime/rooms.js';
import { releaseNdaFile } from './release-nda-file.js';

/** Deletes an NDA only when it is recalled and not signed (canDelete); its file goes once nothing refers to it. */
export async function deleteNda(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }): Promise<void> {
  await authorizeNda(core.db, actor, ndaId, 'change');
  await core.tx(async (tx) => {
    const nda = await tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).forUpdate().executeTakeFirst();
    if (!nda) throw AppError.notFound();
    if (nda.isSigned) throw AppError.nonField('nda_signed', NDA_MESSAGES.deleteSigned);
    if (!canDelete(nda)) throw AppError.nonField('nda_not_recalled', NDA_MESSAGES.deleteNotRecalled);
    // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
    await tx.db.deleteFrom('ndas').where('id', '=', ndaId).execute();
    publishNdaDeleted(core, tx, { nda: { id: nda.id, project: nda.projectId, projectBranch: nda.projectBranchId } });
    // Its recipients lose the NDA's room, and the group's with it (a group without a sent NDA is not theirs).
    publishAccessChanged(core, tx, {
      rooms: [rooms.nda(nda.id), ...(nda.projectBranchId ? [rooms.branch(nda.projectBranchId)] : [])],
    });
    tx.afterCommit(() => releaseNdaFile(core, nda.fileKey));
  });
}
