import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { publishNdaDeleted } from '@server/realtime/publishers/ndas.js';
import { rooms } from '@server/realtime/rooms.js';
import type { NdaDocument } from './store-nda-document.js';
import { releaseNdaFile } from './release-nda-file.js';

/**
 * A recalled group NDA given a new document becomes a new NDA for the group, ready to send: the old
 * one goes with its threads, pointers and signature fields (they were about the old pages), the group's
 * recipients are asked afresh (a pass on the old document no longer stands), and the new NDA starts
 * unsent, under a new id, so nothing recorded about the old one (sent, opened, moves) is read as this
 * one's in its signed record. The caller holds the lock on `before`.
 */
export async function replaceRecalledNda(
  core: Core,
  tx: Tx,
  { before, doc, name }: { before: NdaRow; doc: NdaDocument; name: string },
): Promise<NdaRow> {
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  await tx.db.deleteFrom('ndas').where('id', '=', before.id).execute();
  const row = await tx.db
    .insertInto('ndas')
    .values({ projectId: before.projectId, projectBranchId: before.projectBranchId, name, ...doc })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (before.projectBranchId !== null)
    await tx.db
      .updateTable('signerships')
      .set({ rejectedAt: null, rejectionReason: null })
      .where('projectBranchId', '=', before.projectBranchId)
      .execute();
  publishNdaDeleted(core, tx, {
    nda: { id: before.id, project: before.projectId, projectBranch: before.projectBranchId },
  });
  publishAccessChanged(core, tx, {
    rooms: [rooms.nda(before.id), ...(before.projectBranchId ? [rooms.branch(before.projectBranchId)] : [])],
  });
  tx.afterCommit(() => releaseNdaFile(core, before.fileKey));
  return row;
}
