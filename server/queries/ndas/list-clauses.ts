import type { DocumentClause } from '@shared/clause-split.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { documentClauses } from './document-clauses.js';

/** The clauses of an NDA (GET /projects/nda/{id}/clauses/), for whoever may see the NDA. */
export async function listNdaClauses(
  core: Core,
  { actor, ndaId }: { actor: Actor; ndaId: number },
): Promise<DocumentClause[]> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  return documentClauses(core, { fileSha256: nda.fileSha256, fileKey: nda.fileKey });
}
