import type { DocumentClause } from '@shared/clause-split.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda, authorizeTemplate } from '@server/policies/nda.js';
import { sha256 } from '@server/services/tokens.js';
import { documentClauses } from './document-clauses.js';

/** The clauses of an NDA (GET /projects/nda/{id}/clauses/), for whoever may see the NDA. */
export async function listNdaClauses(
  core: Core,
  { actor, ndaId }: { actor: Actor; ndaId: number },
): Promise<DocumentClause[]> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  return documentClauses(core, { fileSha256: nda.fileSha256, fileKey: nda.fileKey });
}

/**
 * The clauses of a template (GET /projects/nda_templates/{id}/clauses/), for its company's team: the
 * keys its playbook is written against, which the NDAs made from it share (same file, same keys).
 */
export async function listTemplateClauses(
  core: Core,
  { actor, templateId }: { actor: Actor; templateId: number },
): Promise<DocumentClause[]> {
  const template = await authorizeTemplate(core.db, actor, templateId);
  const file = await core.blobs.get(template.fileKey);
  if (!file) return [];
  return documentClauses(core, { fileSha256: sha256(file.body), pdf: file.body });
}
