import { awaitsCountersignature, canBeSigned } from '@shared/nda-lifecycle.js';
import { hasField } from '@shared/schemas/signature-fields.js';
import type { SignNdaInput } from '@shared/schemas/signing.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { publishNdaSigned } from '@server/realtime/publishers/ndas.js';
import { loadOwnSignership } from '@server/queries/signing/load-signing.js';
import { documentInput } from '@server/queries/signing/document-input.js';
import { signingRecord } from '@server/queries/signing/signing-record.js';
import { saveSignerCompany } from '../account/update-company.js';
import { consentOf, recordConsent } from './consent.js';
import { recordExecution } from './record-execution.js';
import { signForCountersignature } from './sign-for-countersignature.js';
import {
  lockNda,
  refuseChangedFields,
  refuseExpired,
  refuseOpenThreads,
  refusePassed,
  refuseUnopened,
  type SignResult,
  signResult,
  storeSignedPdf,
} from './signing-checks.js';
import { signingParties } from './signing-parties.js';

/**
 * A signer signs their group's NDA. The signed PDF is built outside any transaction (in a worker
 * thread), then committed under a lock on the NDA and the signership: whoever commits first signs it;
 * a second signature (the same signer twice, or two signers at once) answers the existing one and
 * writes no event, and a pass by any recipient of the group committed first refuses the signature. A
 * title the signer gives is saved on their profile with the signature, for the next NDA.
 */
export async function signNda(
  core: Core,
  {
    actor,
    signershipId,
    input,
    ip,
    userAgent = '',
  }: { actor: Actor; signershipId: number; input: SignNdaInput; ip: string; userAgent?: string },
): Promise<SignResult> {
  const loaded = await loadOwnSignership(core.db, { actor, signershipId });
  const { signership, nda, branch, project } = loaded;
  if (nda.isSigned || awaitsCountersignature(nda)) return signResult(nda);
  if (!canBeSigned(nda)) throw AppError.nonField('nda_recalled', SIGNING_MESSAGES.recalled);
  await refusePassed(core.db, { signershipId: signership.id, branchId: branch.id, lock: false });
  await refuseExpired(core.db, branch.id, core.config.timetable.now());
  await refuseOpenThreads(core.db, nda.id);
  await refuseUnopened(core.db, { ndaId: nda.id, userId: actor.user.id });
  // The company the signer gives is saved as the account page saves it, then stamped.
  if (input.company) await saveSignerCompany(core, actor, input.company);
  if (project.countersignature === 'manual')
    return signForCountersignature(core, { actor, ...loaded, input, ip, userAgent });

  const signedAt = new Date();
  const record = await signingRecord(core.db, { nda, senderCompanyId: project.companyId });
  const parties = await signingParties(core, {
    actor,
    project,
    senderAct: record.sender,
    signedAt,
    ip,
    jobTitle: input.jobTitle,
  });
  const consent = consentOf(input, { at: signedAt, ip, userAgent });
  parties.recipient.consent = consent;
  const document = await documentInput(core, { nda, record, parties });
  // A blank title box would leave the signature table incomplete; the sender's, if the owner has no
  // job title, stays empty rather than stop the buyer (the sender's fields panel warns about it).
  if (hasField(document.fields, 'recipient', 'title') && !parties.recipient.title)
    throw AppError.fields('signing_details_missing', { jobTitle: SIGNING_MESSAGES.titleRequired });
  const signed = await storeSignedPdf(core, nda.id, document, {
    at: signedAt.toISOString(),
    what: 'NDA signed',
    who: parties.recipient.name,
    ip,
  });

  const outcome = await core
    .tx(async (tx) => {
      const locked = await lockNda(tx, nda.id);
      if (locked.isSigned || awaitsCountersignature(locked)) return { row: locked, won: false };
      if (!canBeSigned(locked)) throw AppError.nonField('nda_recalled', SIGNING_MESSAGES.recalled);
      // One decision per signership: a pass that committed while the PDF was being built wins. Every
      // pass takes the NDA row's lock first too, so this sees any that committed.
      await refusePassed(tx.db, { signershipId: signership.id, branchId: branch.id, lock: true });
      await refuseExpired(tx.db, branch.id, core.config.timetable.now());
      // Again under the lock: every thread change holds a share lock on the NDA row.
      await refuseOpenThreads(tx.db, nda.id);
      await refuseChangedFields(tx, nda.id, document.fields);
      await tx.db.updateTable('signerships').set({ signedAt }).where('id', '=', signership.id).execute();
      await recordConsent(tx, { ndaId: nda.id, userId: actor.user.id, side: 'recipient', consent });
      if (input.jobTitle !== undefined)
        await tx.db.updateTable('users').set({ jobTitle: input.jobTitle }).where('id', '=', actor.user.id).execute();
      const row = await recordExecution(core, tx, {
        nda: { id: nda.id, projectBranchId: branch.id, projectId: project.id },
        signed,
        signedAt,
        signedBy: actor.user.id,
        ip,
      });
      const payload = {
        nda: nda.id,
        project: project.id,
        projectBranch: branch.id,
        signership: signership.id,
        isSigned: true as const,
        signedAt: signedAt.toISOString(),
        signedBy: actor.user.id,
      };
      publishNdaSigned(core, tx, payload);
      return { row, won: true };
    })
    .catch(async (err) => {
      await core.blobs.delete(signed.key);
      throw err;
    });
  if (!outcome.won) await core.blobs.delete(signed.key);
  return signResult(outcome.row);
}
