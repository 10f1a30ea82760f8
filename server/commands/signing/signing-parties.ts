import { MAX_SIGNATURE_SIZE } from '@shared/schemas/account.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import type { ProjectRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { fullName, type SenderAct, senderCompanyAndOwner, senderParty } from '@server/queries/signing/parties.js';
import { imageProblem } from '@server/services/image-header.js';
import type { Party } from '@server/services/signing/types.js';

/**
 * Both parties as the certificate shows them: the sending company's owner (whose saved signature is
 * the company's) and the signer with their company. Missing details are the signer's to fix, with the
 * spec's messages; a sender without a signature cannot be fixed by the signer and says so. Both
 * signature images are checked again before the signing worker decodes them: one saved before the
 * upload checks existed may declare a picture of gigabytes. The signer's title is the one they give
 * at signing, else the one on their profile.
 */
export async function signingParties(
  core: Core,
  {
    actor,
    project,
    senderAct,
    signedAt,
    ip,
    jobTitle,
  }: {
    actor: Actor;
    project: ProjectRow;
    senderAct: SenderAct;
    signedAt: Date;
    ip: string;
    jobTitle: string | undefined;
  },
) {
  const signer = await core.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', actor.user.id)
    .executeTakeFirstOrThrow();
  const signerCompany = signer.companyId
    ? await core.db.selectFrom('companies').selectAll().where('id', '=', signer.companyId).executeTakeFirst()
    : undefined;
  if (!signerCompany?.name.trim() || !signerCompany.address.trim())
    throw AppError.nonField(SIGNING_MESSAGES.companyDetails);
  const signerSign = signer.signKey ? await core.blobs.get(signer.signKey) : null;
  if (!signerSign) throw AppError.nonField(SIGNING_MESSAGES.addSignature);
  if (await imageProblem(signerSign.body, MAX_SIGNATURE_SIZE, { decoded: true }))
    throw AppError.nonField(SIGNING_MESSAGES.signatureTooLarge);

  const { company, owner } = await senderCompanyAndOwner(core.db, project.companyId);
  const ownerSign = owner?.signKey ? await core.blobs.get(owner.signKey) : null;
  if (!owner || !ownerSign || (await imageProblem(ownerSign.body, MAX_SIGNATURE_SIZE, { decoded: true })))
    throw AppError.nonField(SIGNING_MESSAGES.senderSignature);

  const sender = senderParty(company, owner, senderAct, { signature: ownerSign.body, signedAt }, project);
  const recipient: Party = {
    role: 'Receiving party',
    name: fullName(signer),
    title: jobTitle ?? signer.jobTitle,
    email: signer.email,
    company: signerCompany.name,
    companyAddress: signerCompany.address,
    signature: signerSign.body,
    signedAt: signedAt.toISOString(),
    ip,
  };
  return { sender, recipient };
}
