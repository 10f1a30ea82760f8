import type { Kysely } from 'kysely';
import type { SignatureField } from '@shared/schemas/signature-fields.js';
import type { Core } from '@server/core.js';
import type { Database, SignatureFieldRow } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';

export const presentSignatureField = (row: SignatureFieldRow): SignatureField => ({
  party: row.party,
  kind: row.kind,
  page: row.page,
  x: row.x,
  y: row.y,
  width: row.width,
  height: row.height,
});

/** An NDA's signature fields in the order they were placed. */
export async function readSignatureFields(db: Kysely<Database>, ndaId: number): Promise<SignatureField[]> {
  const rows = await db.selectFrom('signatureFields').selectAll().where('ndaId', '=', ndaId).orderBy('id').execute();
  return rows.map(presentSignatureField);
}

/** Both sides may read where they will sign: the NDA's senders, and its signers once it is sent. */
export async function getSignatureFields(
  core: Core,
  { actor, ndaId }: { actor: Actor; ndaId: number },
): Promise<{ fields: SignatureField[] }> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  return { fields: await readSignatureFields(core.db, nda.id) };
}
