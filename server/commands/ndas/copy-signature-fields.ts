import type { SignatureField } from '@shared/schemas/signature-fields.js';
import type { Tx } from '@server/db/transaction.js';

/** Puts `fields` in place of an NDA's signature fields, in the caller's transaction. */
export async function replaceSignatureFields(
  tx: Tx,
  { ndaId, fields }: { ndaId: number; fields: SignatureField[] },
): Promise<void> {
  await tx.db.deleteFrom('signatureFields').where('ndaId', '=', ndaId).execute();
  if (fields.length)
    await tx.db
      .insertInto('signatureFields')
      .values(fields.map((f) => ({ ...f, ndaId })))
      .execute();
}

/** Gives new copies of an NDA (a group's NDA inherited from the project) the signature fields of their source. */
export async function copySignatureFields(tx: Tx, { from, to }: { from: number; to: number[] }): Promise<void> {
  if (!to.length) return;
  const rows = await tx.db
    .selectFrom('signatureFields')
    .select(['party', 'kind', 'page', 'x', 'y', 'width', 'height'])
    .where('ndaId', '=', from)
    .orderBy('id')
    .execute();
  if (!rows.length) return;
  await tx.db
    .insertInto('signatureFields')
    .values(to.flatMap((ndaId) => rows.map((r) => ({ ...r, ndaId }))))
    .execute();
}

/** Gives an NDA made from a template the template's signature fields. */
export async function copyTemplateFields(tx: Tx, { templateId, ndaId }: { templateId: number; ndaId: number }) {
  const rows = await tx.db
    .selectFrom('templateSignatureFields')
    .select(['party', 'kind', 'page', 'x', 'y', 'width', 'height'])
    .where('templateId', '=', templateId)
    .orderBy('id')
    .execute();
  if (rows.length)
    await tx.db
      .insertInto('signatureFields')
      .values(rows.map((r) => ({ ...r, ndaId })))
      .execute();
}
