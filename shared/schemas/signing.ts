import { z } from 'zod';
import { SIGNING_MESSAGES } from '../signing.js';
import { companyUpdateInput } from './account.js';
import { jobTitle, maxMessage } from './fields.js';
import { recordId } from './ids.js';

/**
 * Consent to sign electronically: `true` when the signatory ticked it in the confirmation. A call
 * without it still signs (the certificate then says consent was given through the API); `false` is refused.
 */
export const consent = z
  .boolean({ error: SIGNING_MESSAGES.consentRequired })
  .refine((v) => v, SIGNING_MESSAGES.consentRequired)
  .optional();

/**
 * What the signer gives at signing: their title as the signature table shows it (omitted, the title
 * saved on their profile is used; given, even empty, it is used and saved on their profile), and their
 * consent to sign electronically.
 */
export const signNdaInput = z.object({ jobTitle: jobTitle.optional(), consent });

/** A countersignature by the sending side: the same consent, ticked in the same confirmation. */
export const countersignInput = z.object({ consent });
export type SignNdaInput = z.output<typeof signNdaInput>;

/** The signer's title when the NDA has a recipient title field to fill (the server refuses a blank one too). */
const requiredJobTitle = jobTitle.refine((v) => v !== '', SIGNING_MESSAGES.titleRequired);

/** The signing form: the signer's company as the signed NDA shows it, and their title. */
export const signingForm = (titleRequired: boolean) =>
  companyUpdateInput.extend({ jobTitle: titleRequired ? requiredJobTitle : jobTitle });

/** The longest reason a signer may give for passing on an opportunity. */
export const MAX_PASS_REASON = 1000;

/** Why the signer passes, in their words: optional, and blank means none (null). */
export const passReason = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(MAX_PASS_REASON, maxMessage(MAX_PASS_REASON))
  .nullish()
  .transform((v) => (v ? v : null));

/** Passing on the opportunity (the signing panel's form; over REST the signership is in the path). */
export const passInput = z.object({ reason: passReason });

/** The tRPC call names the signership too. */
export const passCall = z.object({ signership: recordId, reason: passReason });
