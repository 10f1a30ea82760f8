import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { recordEvent } from '../events/record-event.js';

/**
 * The NDA becomes executed with its signed file, in the caller's transaction and under its lock: the
 * row, the file queued on the seal backlog when no timestamp authority answered (the signatures stand,
 * the seal follows), and the nda_signed event. The database trigger ndas_report_states (migration
 * 2026_11_23_0050) recounts the reports' NDAs by state.
 */
export async function recordExecution(
  core: Core,
  tx: Tx,
  {
    nda,
    signed,
    signedAt,
    signedBy,
    ip,
  }: {
    nda: Pick<NdaRow, 'id' | 'projectBranchId'> & { projectId: number };
    signed: { key: string; sealed: boolean; sha256: string };
    signedAt: Date;
    signedBy: number;
    ip?: string;
  },
): Promise<NdaRow> {
  const row = await tx.db
    .updateTable('ndas')
    .set({
      isSigned: true,
      signedAt,
      signedFileKey: signed.key,
      signedSha256: signed.sha256,
      sealPending: !signed.sealed,
      signedById: signedBy,
      updatedAt: new Date(),
    })
    .where('id', '=', nda.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!signed.sealed) await core.seals.queue(tx, nda.id, signed.key);
  await recordEvent(core, tx, {
    projectId: nda.projectId,
    projectBranchId: nda.projectBranchId,
    authorId: signedBy,
    status: 'nda_signed',
    ndaId: nda.id,
    ip,
  });
  return row;
}
