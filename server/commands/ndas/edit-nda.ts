import { sql } from 'kysely';
import { canRename, canReplaceDocument } from '@shared/nda-lifecycle.js';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishNdaCreated, publishNdaUpdated } from '@server/realtime/publishers/ndas.js';
import type { Upload } from './store-nda-document.js';
import { releaseNdaFile } from './release-nda-file.js';
import { replaceRecalledNda } from './replace-recalled-nda.js';
import { storeNdaDocument } from './store-nda-document.js';
import { syncInheritedNdas } from './sync-inherited-ndas.js';

export interface NdaEdit {
  name?: string;
  template?: number;
  upload: Upload | null;
}

/** A signed NDA is final; its document changes only while no recipient holds it (not sent, or recalled). */
function checkEditable(nda: NdaRow, replacing: boolean): void {
  if (!canRename(nda)) throw AppError.nonField('nda_signed', NDA_MESSAGES.signedIsFinal);
  if (replacing && !canReplaceDocument(nda)) throw AppError.nonField('nda_sent', NDA_MESSAGES.replaceAfterSend);
}

/**
 * Renames an NDA and/or replaces its document (an uploaded file or a copy of a template). A recalled
 * group NDA given a new document becomes a new NDA for the group, not sent yet (replace-recalled-nda.ts).
 */
export async function editNda(core: Core, { actor, ndaId, ...edit }: { actor: Actor; ndaId: number } & NdaEdit) {
  const { nda, project } = await authorizeNda(core.db, actor, ndaId, 'change');
  const replacing = edit.template !== undefined || !!edit.upload;
  if (edit.name === undefined && !replacing) throw AppError.nonField('nothing_to_change', NDA_MESSAGES.nothingToChange);
  checkEditable(nda, replacing);

  const doc = replacing
    ? await storeNdaDocument(core, { actor, project, template: edit.template, upload: edit.upload })
    : null;
  try {
    return await core.tx(async (tx) => {
      const before = await tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).forUpdate().executeTakeFirst();
      if (!before) throw AppError.notFound();
      checkEditable(before, replacing);
      if (doc && before.isRecalled && before.projectBranchId !== null) {
        const fresh = presentNda(await replaceRecalledNda(core, tx, { before, doc, name: edit.name ?? before.name }));
        publishNdaCreated(core, tx, { nda: fresh });
        return fresh;
      }
      // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
      const row = await tx.db
        .updateTable('ndas')
        .set({ ...(edit.name !== undefined ? { name: edit.name } : {}), ...(doc ?? {}), updatedAt: sql`now()` })
        .where('id', '=', ndaId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await syncInheritedNdas(core, tx, { projectNda: row, before });
      const dto = presentNda(row);
      publishNdaUpdated(core, tx, { nda: dto });
      tx.afterCommit(async () => {
        if (before.fileKey !== row.fileKey) await releaseNdaFile(core, before.fileKey);
      });
      return dto;
    });
  } catch (err) {
    if (doc) await core.blobs.delete(doc.fileKey).catch(() => undefined);
    throw err;
  }
}
