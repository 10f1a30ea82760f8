import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishNdaCreated } from '@server/realtime/publishers/ndas.js';
import { copySignatureFields } from './copy-signature-fields.js';

/**
 * Gives a group its own NDA, copied from the project NDA, inside the caller's transaction (creating a
 * group that inherits the project NDA; sending). Answers the group's NDA: the one it already has, the new
 * copy, or null when neither the group nor the project has one (a sender then answers
 * NDA_MESSAGES.noProjectNda). The copy is a row of its own that shares the project NDA's immutable file
 * (no file work inside the transaction) and takes its signature fields; replacing either one's document
 * gives it a new file.
 */
export async function copyProjectNdaToBranch(
  core: Core,
  tx: Tx,
  { projectId, branchId }: { projectId: number; branchId: number },
): Promise<NdaRow | null> {
  const branch = await tx.db
    .selectFrom('projectBranches')
    .select('id')
    .where('id', '=', branchId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!branch) throw AppError.notFound();
  const own = await tx.db
    .selectFrom('ndas')
    .selectAll()
    .where('projectBranchId', '=', branchId)
    .forUpdate()
    .executeTakeFirst();
  if (own) return own;
  // FOR SHARE: the project NDA's file cannot be replaced or released while this copy is being made.
  const source = await tx.db
    .selectFrom('ndas')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('projectBranchId', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!source) return null;
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  const row = await tx.db
    .insertInto('ndas')
    .values({
      projectId,
      projectBranchId: branchId,
      templateId: source.templateId,
      name: source.name,
      fileKey: source.fileKey,
      fileSha256: source.fileSha256,
      uploadedSha256: source.uploadedSha256,
      pageCount: source.pageCount,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await copySignatureFields(tx, { from: source.id, to: [row.id] });
  publishNdaCreated(core, tx, { nda: presentNda(row) });
  return row;
}
