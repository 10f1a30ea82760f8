import type { Kysely } from 'kysely';
import type { SignatureField } from '@shared/schemas/signature-fields.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';

/** A template's signature fields in the order they were placed. */
export async function readTemplateFields(db: Kysely<Database>, templateId: number): Promise<SignatureField[]> {
  return db
    .selectFrom('templateSignatureFields')
    .select(['party', 'kind', 'page', 'x', 'y', 'width', 'height'])
    .where('templateId', '=', templateId)
    .orderBy('id')
    .execute();
}

/** Where the parties sign on NDAs made from a template: for its company's team. */
export async function getTemplateSignatureFields(
  core: Core,
  { actor, templateId }: { actor: Actor; templateId: number },
): Promise<{ fields: SignatureField[] }> {
  const template = await authorizeTemplate(core.db, actor, templateId);
  return { fields: await readTemplateFields(core.db, template.id) };
}
