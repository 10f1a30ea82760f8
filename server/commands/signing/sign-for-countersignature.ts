import { awaitsCountersignature, canBeSigned } from '@shared/nda-lifecycle.js';
import { hasField } from '@shared/schemas/signature-fields.js';
import type { SignNdaInput } from '@shared/schemas/signing.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import type { NdaRow, ProjectBranchRow, ProjectRow, SignershipRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { presentNda } from '@server/presenters/nda.js';
import { readSignatureFields } from '@server/queries/ndas/signature-fields.js';
import { publishNdaUpdated } from '@server/realtime/publishers/ndas.js';
import type { Party } from '@server/services/signing/types.js';
import { randomToken } from '@server/services/tokens.js';
import { recordEvent } from '../events/record-event.js';
import { consentOf, recordConsent } from './consent.js';
import { lockNda, refuseOpenThreads, refusePassed, type SignResult, signResult } from './signing-checks.js';
import { recipientParty } from './signing-parties.js';
import { announceReleases } from '../deal-documents/announce-releases.js';

/** The bidder's party as kept until the countersignature: the signature image lives in a blob of its own. */
export type StoredRecipient = Omit<Party, 'signature'> & { signatureKey: string };

/**
 * The bidder signs an NDA whose project has the sending side countersign by hand: their signature, the
 * party as the signed file will show it and their consent are kept, the NDA is "Signed by the bidder,
 * awaiting countersignature" (event recipient_signed), and nothing is sealed until an authorised
 * signatory countersigns (countersign-nda.ts). Idempotent as signing is: whoever commits first signs.
 */
export async function signForCountersignature(
  core: Core,
  {
    actor,
    signership,
    nda,
    branch,
    project,
    input,
    ip,
    userAgent,
  }: {
    actor: Actor;
    signership: SignershipRow;
    nda: NdaRow;
    branch: ProjectBranchRow;
    project: ProjectRow;
    input: SignNdaInput;
    ip: string;
    userAgent: string;
  },
): Promise<SignResult> {
  const signedAt = new Date();
  const party = await recipientParty(core, { actor, signedAt, ip, jobTitle: input.jobTitle });
  const fields = await readSignatureFields(core.db, nda.id);
  if (hasField(fields, 'recipient', 'title') && !party.title)
    throw AppError.fields('signing_details_missing', { jobTitle: SIGNING_MESSAGES.titleRequired });
  const consent = consentOf(input, { at: signedAt, ip, userAgent });
  const signatureKey = `ndas/${nda.id}/recipient-signature-${randomToken(9)}.png`;
  await core.blobs.put(signatureKey, Buffer.from(party.signature!), 'image/png');
  const { signature: _image, ...rest } = party;
  const stored: StoredRecipient = { ...rest, consent, signatureKey };

  const outcome = await core
    .tx(async (tx) => {
      const locked = await lockNda(tx, nda.id);
      if (locked.isSigned || awaitsCountersignature(locked)) return { row: locked, won: false };
      if (!canBeSigned(locked)) throw AppError.nonField('nda_recalled', SIGNING_MESSAGES.recalled);
      await refusePassed(tx.db, { signershipId: signership.id, branchId: branch.id, lock: true });
      await refuseOpenThreads(tx.db, nda.id);
      const row = await tx.db
        .updateTable('ndas')
        .set({
          recipientSignedAt: signedAt,
          recipientSignedById: actor.user.id,
          recipientParty: JSON.stringify(stored),
          updatedAt: new Date(),
        })
        .where('id', '=', nda.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx.db.updateTable('signerships').set({ signedAt }).where('id', '=', signership.id).execute();
      if (input.jobTitle !== undefined)
        await tx.db.updateTable('users').set({ jobTitle: input.jobTitle }).where('id', '=', actor.user.id).execute();
      await recordConsent(tx, { ndaId: nda.id, userId: actor.user.id, side: 'recipient', consent });
      await recordEvent(core, tx, {
        projectId: project.id,
        projectBranchId: branch.id,
        authorId: actor.user.id,
        status: 'recipient_signed',
        ndaId: nda.id,
        ip,
      });
      await announceReleases(core, tx, { projectId: project.id, branchIds: [branch.id], ip });
      publishNdaUpdated(core, tx, { nda: presentNda(row) });
      return { row, won: true };
    })
    .catch(async (err) => {
      await core.blobs.delete(signatureKey);
      throw err;
    });
  if (!outcome.won) await core.blobs.delete(signatureKey);
  return signResult(outcome.row);
}
