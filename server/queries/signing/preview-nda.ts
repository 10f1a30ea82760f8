import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { documentInput } from './document-input.js';
import { previewParties } from './parties.js';
import { signingRecord } from './signing-record.js';

/**
 * The final document as it will be signed, before signing: built by the same builder from the same
 * record, with the signatures still to apply, marked as a preview and not sealed. For whoever may read
 * the NDA's PDF (its managers, a signer of its group once sent); it changes nothing.
 */
export async function previewNda(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }) {
  const { nda, project } = await authorizeNda(core.db, actor, ndaId, 'read_file');
  if (nda.projectBranchId === null) throw AppError.nonField('preview_unavailable', SIGNING_MESSAGES.previewGroupOnly);
  if (nda.isSigned) throw AppError.nonField('preview_unavailable', SIGNING_MESSAGES.previewSigned);
  const record = await signingRecord(core.db, { nda, senderCompanyId: project.companyId });
  const parties = await previewParties(core.db, {
    actor,
    branchId: nda.projectBranchId,
    project,
    senderAct: record.sender,
  });
  const input = await documentInput(core, { nda, record, parties });
  const pdf = await core.signing.build({ ...input, preview: { openThreads: record.openThreads } });
  return { blob: { body: pdf, contentType: 'application/pdf' }, filename: `${nda.name} (preview).pdf` };
}
