import { awaitsCountersignature } from '@shared/nda-lifecycle.js';
import type { z } from 'zod';
import type { countersignInput } from '@shared/schemas/signing.js';
import { COUNTERSIGN_MESSAGES } from '@shared/signing.js';
import { permissionsForRole } from '@shared/permissions.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { documentInput } from '@server/queries/signing/document-input.js';
import { signingRecord } from '@server/queries/signing/signing-record.js';
import { publishNdaSigned } from '@server/realtime/publishers/ndas.js';
import { consentOf, recordConsent } from './consent.js';
import { recordExecution } from './record-execution.js';
import type { StoredRecipient } from './sign-for-countersignature.js';
import {
  lockNda,
  refuseChangedFields,
  refuseUnopened,
  type SignResult,
  signResult,
  storeSignedPdf,
} from './signing-checks.js';
import { countersignatory } from './signing-parties.js';

/**
 * The sending side countersigns an NDA the bidder signed (manual countersignature), by the signership
 * the bidder signed through. For the project's owner and its team members who may sign; anyone else,
 * the bidder included, gets 404. The final document is built and sealed outside any transaction with the
 * countersignatory's own saved signature, then committed under the NDA's lock: the NDA is "Signed"
 * (event nda_signed). The countersignatory must have opened the NDA first (400 nda_not_opened). A second countersignature answers the first; nothing awaiting one answers 400.
 */
export async function countersignNda(
  core: Core,
  {
    actor,
    signershipId,
    input,
    ip,
    userAgent = '',
  }: {
    actor: Actor;
    signershipId: number;
    input: z.output<typeof countersignInput>;
    ip: string;
    userAgent?: string;
  },
): Promise<SignResult> {
  const signership = await core.db
    .selectFrom('signerships')
    .selectAll()
    .where('id', '=', signershipId)
    .executeTakeFirst();
  if (!signership) throw AppError.notFound();
  const found = await core.db
    .selectFrom('ndas')
    .select('id')
    .where('projectBranchId', '=', signership.projectBranchId)
    .executeTakeFirst();
  if (!found) throw AppError.notFound();
  const { nda, project, access } = await authorizeNda(core.db, actor, found.id, 'view');
  if (access === 'signer' || !permissionsForRole(actor.user.role).includes('change_signership'))
    throw AppError.notFound();
  if (nda.isSigned) return signResult(nda);
  if (!awaitsCountersignature(nda) || !nda.recipientParty)
    throw AppError.nonField('nothing_to_countersign', COUNTERSIGN_MESSAGES.nothingAwaits);
  await refuseUnopened(core.db, { ndaId: nda.id, userId: actor.user.id });

  const stored = nda.recipientParty as StoredRecipient;
  const image = await core.blobs.get(stored.signatureKey);
  if (!image) throw new Error(`NDA ${nda.id}: the bidder's kept signature is missing`);
  const { signatureKey: _key, ...recipientFacts } = stored;
  const recipient = { ...recipientFacts, signature: image.body };
  const signedAt = new Date();
  const sender = await countersignatory(core, { actor, project, signedAt, ip });
  sender.consent = consentOf(input, { at: signedAt, ip, userAgent });
  const record = await signingRecord(core.db, { nda, senderCompanyId: project.companyId });
  const document = await documentInput(core, { nda, record, parties: { sender, recipient } });
  const signed = await storeSignedPdf(core, nda.id, document, {
    at: signedAt.toISOString(),
    what: 'NDA countersigned: executed',
    who: sender.name,
    ip,
  });

  const outcome = await core
    .tx(async (tx) => {
      const locked = await lockNda(tx, nda.id);
      if (locked.isSigned) return { row: locked, won: false };
      // A recall, or a new bidder signature after a restore, committed meanwhile: this one stands no more.
      if (!awaitsCountersignature(locked) || locked.recipientSignedAt?.getTime() !== nda.recipientSignedAt?.getTime())
        throw AppError.nonField('nothing_to_countersign', COUNTERSIGN_MESSAGES.nothingAwaits);
      await refuseChangedFields(tx, nda.id, document.fields);
      await recordConsent(tx, { ndaId: nda.id, userId: actor.user.id, side: 'sender', consent: sender.consent! });
      const row = await recordExecution(core, tx, {
        nda: { id: nda.id, projectBranchId: nda.projectBranchId, projectId: project.id },
        signed,
        signedAt,
        signedBy: actor.user.id,
        ip,
      });
      publishNdaSigned(core, tx, {
        nda: nda.id,
        project: project.id,
        projectBranch: nda.projectBranchId!,
        signership: signership.id,
        isSigned: true,
        signedAt: signedAt.toISOString(),
        signedBy: actor.user.id,
      });
      return { row, won: true };
    })
    .catch(async (err) => {
      await core.blobs.delete(signed.key);
      throw err;
    });
  if (!outcome.won) await core.blobs.delete(signed.key);
  else await core.blobs.delete(stored.signatureKey).catch(() => undefined);
  return signResult(outcome.row);
}
