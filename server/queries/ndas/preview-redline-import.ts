import { REDLINE_MESSAGES, type RedlinePreview } from '@shared/redline.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { authorizeParticipant } from '@server/policies/negotiation.js';
import { analyseRedline } from './analyse-redline.js';

/**
 * What a Word mark-up of a group's NDA would become (POST /projects/nda/{id}/import_redline/ without
 * `confirm`), creating nothing: see `analyseRedline`. For those who may import it, the bidder or the
 * project's team (404 otherwise); a project's own NDA answers 400. All refusals are 4xx with a reason code.
 */
export async function previewRedlineImport(
  core: Core,
  { actor, ndaId, upload }: { actor: Actor; ndaId: number; upload: { body: Buffer; tooLarge: boolean } | null },
): Promise<RedlinePreview> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  if (nda.projectBranchId === null) throw AppError.nonField('redline_unavailable', REDLINE_MESSAGES.groupOnly);
  // Those who may import it (redlineImporter): the bidder, or the team on their behalf.
  await authorizeParticipant(core.db, actor, ndaId);
  const { commonText, items } = await analyseRedline(core, nda, upload);
  return { commonText, items };
}
