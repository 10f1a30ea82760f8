import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishNdaCreated, publishNdaUpdated } from '@server/realtime/publishers/ndas.js';
import { copySignatureFields } from './copy-signature-fields.js';
import { releaseNdaFile } from './release-nda-file.js';

/**
 * Groups that inherit the project NDA follow it until their copy is sent or given a document of its own:
 * - a new project NDA is copied, with its signature fields, to every inheriting group that has no NDA;
 * - an edit of the project NDA reaches every copy still identical to it before the edit (same name and
 *   file) that is not sent, recalled or signed.
 * `before` is the project NDA before the edit, or null when it has just been created.
 */
export async function syncInheritedNdas(
  core: Core,
  tx: Tx,
  { projectNda, before }: { projectNda: NdaRow; before: Pick<NdaRow, 'name' | 'fileSha256'> | null },
): Promise<void> {
  if (projectNda.projectBranchId !== null) return;
  const { projectId } = projectNda;
  const inheriting = tx.db
    .selectFrom('projectBranches')
    .select('projectBranches.id')
    .where('projectBranches.projectId', '=', projectId)
    .where('inheritNdaFromProject', '=', true);
  const document = {
    name: projectNda.name,
    templateId: projectNda.templateId,
    fileKey: projectNda.fileKey,
    fileSha256: projectNda.fileSha256,
    uploadedSha256: projectNda.uploadedSha256,
    pageCount: projectNda.pageCount,
  };

  if (!before) {
    const bare = await inheriting
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('ndas').select('ndas.id').whereRef('ndas.projectBranchId', '=', 'projectBranches.id'))),
      )
      .orderBy('projectBranches.id')
      .execute();
    if (!bare.length) return;
    // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
    const rows = await tx.db
      .insertInto('ndas')
      .values(bare.map((b) => ({ projectId, projectBranchId: b.id, ...document })))
      .returningAll()
      .execute();
    await copySignatureFields(tx, { from: projectNda.id, to: rows.map((r) => r.id) });
    for (const r of rows) publishNdaCreated(core, tx, { nda: presentNda(r) });
    return;
  }

  const copies = await tx.db
    .selectFrom('ndas')
    .select(['id', 'fileKey'])
    .where('projectBranchId', 'in', inheriting)
    .where('isSent', '=', false)
    .where('isRecalled', '=', false)
    .where('isSigned', '=', false)
    .where('name', '=', before.name)
    .where('fileSha256', '=', before.fileSha256)
    .forUpdate()
    .execute();
  if (!copies.length) return;
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  const rows = await tx.db
    .updateTable('ndas')
    .set({ ...document, updatedAt: sql`now()` })
    .where(
      'id',
      'in',
      copies.map((c) => c.id),
    )
    .returningAll()
    .execute();
  const oldKeys = [...new Set(copies.map((c) => c.fileKey))].filter((k) => k !== projectNda.fileKey);
  for (const r of rows) publishNdaUpdated(core, tx, { nda: presentNda(r) });
  tx.afterCommit(async () => {
    for (const key of oldKeys) await releaseNdaFile(core, key);
  });
}
