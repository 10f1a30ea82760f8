import { type SignatureField, SIGNATURE_FIELD_MESSAGES } from '@shared/schemas/signature-fields.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import { readTemplateFields } from '@server/queries/templates/template-signature-fields.js';

/**
 * Replaces the signature fields of a template of the actor's company, under a lock on the template.
 * NDAs made from the template afterwards take them; NDAs already made keep their own.
 */
export async function setTemplateSignatureFields(
  core: Core,
  { actor, templateId, input }: { actor: Actor; templateId: number; input: { fields: SignatureField[] } },
): Promise<{ fields: SignatureField[] }> {
  await authorizeTemplate(core.db, actor, templateId);
  return core.tx(async (tx) => {
    const template = await tx.db
      .selectFrom('ndaTemplates')
      .select(['id', 'pageCount'])
      .where('id', '=', templateId)
      .forUpdate()
      .executeTakeFirst();
    if (!template) throw AppError.notFound();
    const beyond = input.fields.findIndex((f) => f.page > template.pageCount);
    if (beyond >= 0)
      throw AppError.fields('signature_fields_invalid', {
        fields: SIGNATURE_FIELD_MESSAGES.beyondDocument(beyond + 1, template.pageCount),
      });
    await tx.db.deleteFrom('templateSignatureFields').where('templateId', '=', template.id).execute();
    if (input.fields.length)
      await tx.db
        .insertInto('templateSignatureFields')
        .values(input.fields.map((f) => ({ ...f, templateId: template.id })))
        .execute();
    return { fields: await readTemplateFields(tx.db, template.id) };
  });
}
