import { MAX_SIGNATURE_SIZE } from '@shared/schemas/account.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import type { ProjectRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import {
  disclosingSide,
  fullName,
  type SenderAct,
  senderCompanyAndOwner,
  senderParty,
} from '@server/queries/signing/parties.js';
import { imageProblem } from '@server/services/image-header.js';
import type { Party } from '@server/services/signing/types.js';

/**
 * A signatory's saved signature, checked again before the signing worker decodes it: one saved before
 * the upload checks existed may declare a picture of gigabytes.
 */
async function savedSignature(core: Core, signKey: string | null): Promise<Uint8Array | null> {
  const blob = signKey ? await core.blobs.get(signKey) : null;
  if (!blob || (await imageProblem(blob.body, MAX_SIGNATURE_SIZE, { decoded: true }))) return null;
  return blob.body;
}

/**
 * The signer with their company, as the certificate shows them. Missing details are the signer's to fix,
 * with the spec's messages. Their title is the one they give at signing, else the one on their profile.
 */
export async function recipientParty(
  core: Core,
  { actor, signedAt, ip, jobTitle }: { actor: Actor; signedAt: Date; ip: string; jobTitle: string | undefined },
): Promise<Party> {
  const signer = await core.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', actor.user.id)
    .executeTakeFirstOrThrow();
  const signerCompany = signer.companyId
    ? await core.db.selectFrom('companies').selectAll().where('id', '=', signer.companyId).executeTakeFirst()
    : undefined;
  if (!signerCompany?.name.trim() || !signerCompany.address.trim())
    throw AppError.nonField('signing_details_missing', SIGNING_MESSAGES.companyDetails);
  if (!signer.signKey) throw AppError.nonField('signing_details_missing', SIGNING_MESSAGES.addSignature);
  const signature = await savedSignature(core, signer.signKey);
  if (!signature) throw AppError.nonField('signing_details_missing', SIGNING_MESSAGES.signatureTooLarge);
  return {
    role: 'Receiving party',
    name: fullName(signer),
    title: jobTitle ?? signer.jobTitle,
    email: signer.email,
    company: signerCompany.name,
    companyAddress: signerCompany.address,
    signature,
    signedAt: signedAt.toISOString(),
    ip,
  };
}

/**
 * The sending side when it signs automatically: the account owner's saved signature (the company's),
 * applied at the recipient's signing. A sender without a signature cannot be fixed by the signer and
 * says so.
 */
export async function automaticSender(
  core: Core,
  { project, senderAct, signedAt }: { project: ProjectRow; senderAct: SenderAct; signedAt: Date },
): Promise<Party> {
  const { company, owner } = await senderCompanyAndOwner(core.db, project.companyId);
  const signature = owner ? await savedSignature(core, owner.signKey) : null;
  if (!owner || !signature) throw AppError.nonField('sender_signature_missing', SIGNING_MESSAGES.senderSignature);
  return senderParty(company, owner, senderAct, { signature, signedAt }, project);
}

/**
 * The sending side when an authorised signatory countersigns by hand: the signatory with their own saved
 * signature and title, for the disclosing party the project names (or their company), from their IP.
 */
export async function countersignatory(
  core: Core,
  { actor, project, signedAt, ip }: { actor: Actor; project: ProjectRow; signedAt: Date; ip: string },
): Promise<Party> {
  const user = await core.db.selectFrom('users').selectAll().where('id', '=', actor.user.id).executeTakeFirstOrThrow();
  const signature = await savedSignature(core, user.signKey);
  if (!signature) throw AppError.nonField('signing_details_missing', SIGNING_MESSAGES.addSignature);
  const { company } = await senderCompanyAndOwner(core.db, project.companyId);
  return {
    role: 'Disclosing party',
    name: fullName(user),
    title: user.jobTitle,
    email: user.email,
    ...disclosingSide(company, project),
    signature,
    signedAt: signedAt.toISOString(),
    ip,
  };
}

/** Both parties as the certificate shows them when the sending side signs automatically. */
export async function signingParties(
  core: Core,
  args: {
    actor: Actor;
    project: ProjectRow;
    senderAct: SenderAct;
    signedAt: Date;
    ip: string;
    jobTitle: string | undefined;
  },
) {
  const recipient = await recipientParty(core, args);
  const sender = await automaticSender(core, args);
  return { sender, recipient };
}
