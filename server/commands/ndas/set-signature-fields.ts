import { canPlaceSignatureFields } from '@shared/nda-lifecycle.js';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { type SignatureField, SIGNATURE_FIELD_MESSAGES } from '@shared/schemas/signature-fields.js';
import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { readSignatureFields } from '@server/queries/ndas/signature-fields.js';
import { publishSignatureFieldsChanged } from '@server/realtime/publishers/signature-fields.js';
import { replaceSignatureFields } from './copy-signature-fields.js';

const sameFields = (a: SignatureField[], b: SignatureField[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The copies of a project NDA that still follow it take its new fields: every inheriting group's copy
 * of the same name and file that is not recalled or signed, sent or not, whose fields were the project
 * NDA's until now. A copy whose fields were changed on their own keeps them. A signature under way on a
 * sent copy sees the change under the NDA's lock and asks the signer to sign again.
 */
async function syncInheritedFields(
  core: Core,
  tx: Tx,
  { projectNda, before, fields }: { projectNda: NdaRow; before: SignatureField[]; fields: SignatureField[] },
): Promise<void> {
  const copies = await tx.db
    .selectFrom('ndas')
    .innerJoin('projectBranches', 'projectBranches.id', 'ndas.projectBranchId')
    .select('ndas.id')
    .where('projectBranches.projectId', '=', projectNda.projectId)
    .where('projectBranches.inheritNdaFromProject', '=', true)
    .where('ndas.isRecalled', '=', false)
    .where('ndas.isSigned', '=', false)
    .where('ndas.name', '=', projectNda.name)
    .where('ndas.fileSha256', '=', projectNda.fileSha256)
    .orderBy('ndas.id')
    .forUpdate()
    .execute();
  for (const copy of copies) {
    if (!sameFields(await readSignatureFields(tx.db, copy.id), before)) continue;
    await replaceSignatureFields(tx, { ndaId: copy.id, fields });
    publishSignatureFieldsChanged(core, tx, { nda: copy.id, fields });
  }
}

/**
 * Replaces the signature fields of an NDA the actor may edit (a project's or a group's), in one
 * transaction under a lock on the NDA, until it is signed. A signer reads them but may not change them.
 */
export async function setSignatureFields(
  core: Core,
  { actor, ndaId, input }: { actor: Actor; ndaId: number; input: { fields: SignatureField[] } },
): Promise<{ fields: SignatureField[] }> {
  await authorizeNda(core.db, actor, ndaId, 'change');
  return core.tx(async (tx) => {
    // FOR UPDATE, as signing takes: fields cannot change under a signature being committed.
    const nda = await tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).forUpdate().executeTakeFirst();
    if (!nda) throw AppError.notFound();
    if (!canPlaceSignatureFields(nda)) throw AppError.nonField('nda_signed', NDA_MESSAGES.signedIsFinal);
    const beyond = input.fields.findIndex((f) => f.page > nda.pageCount);
    if (beyond >= 0)
      throw AppError.fields('signature_fields_invalid', {
        fields: SIGNATURE_FIELD_MESSAGES.beyondDocument(beyond + 1, nda.pageCount),
      });
    const before = await readSignatureFields(tx.db, nda.id);
    await replaceSignatureFields(tx, { ndaId: nda.id, fields: input.fields });
    const fields = await readSignatureFields(tx.db, nda.id);
    publishSignatureFieldsChanged(core, tx, { nda: nda.id, fields });
    if (nda.projectBranchId === null) await syncInheritedFields(core, tx, { projectNda: nda, before, fields });
    return { fields };
  });
}
