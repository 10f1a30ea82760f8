import { z } from 'zod';
import { SIGNING_MESSAGES } from '../signing.js';
import { type CompanyUpdateInput, companyUpdateInput } from './account.js';
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

const companyKeys = Object.keys(companyUpdateInput.shape) as (keyof CompanyUpdateInput)[];

/**
 * What the signer gives at signing: their title as the signature table shows it (omitted, the title
 * saved on their profile is used; given, even empty, it is used and saved on their profile), their
 * consent to sign electronically, and optionally their company as the signed NDA shows it. The company
 * fields are the company update's: any of them given, they are checked and saved as that full update
 * (name and address required, a registration number or VAT left out cleared); none given, the saved
 * company is stamped.
 */
const companyField = companyUpdateInput.shape;
// The company update's rules, each optional here and without its default, so that "not given" shows.
const signNdaFields = z.object({
  jobTitle: jobTitle.optional(),
  consent,
  name: companyField.name.optional(),
  address: companyField.address.optional(),
  registrationNumber: companyField.registrationNumber.unwrap(),
  vat: companyField.vat.unwrap(),
});

/** Any company field given asks for the whole company update: the missing ones answer its messages. */
function checkCompany(v: z.output<typeof signNdaFields>, ctx: z.RefinementCtx) {
  const given = pickCompany(v);
  if (!given) return;
  const parsed = companyUpdateInput.safeParse(given);
  if (parsed.success) return;
  for (const issue of parsed.error.issues)
    if (given[issue.path[0] as keyof CompanyUpdateInput] === undefined)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

function pickCompany(v: Partial<Record<keyof CompanyUpdateInput, unknown>>) {
  if (companyKeys.every((k) => v[k] === undefined)) return null;
  return Object.fromEntries(companyKeys.map((k) => [k, v[k]])) as Partial<Record<keyof CompanyUpdateInput, unknown>>;
}

function readSigning<T extends z.output<typeof signNdaFields>>(v: T) {
  const { name: _n, address: _a, registrationNumber: _r, vat: _v, ...rest } = v;
  const given = pickCompany(v);
  return { ...rest, company: given ? companyUpdateInput.parse(given) : undefined };
}

export const signNdaInput = signNdaFields.superRefine(checkCompany).transform(readSigning);
/** The tRPC twin of POST /projects/dashboard/{id}/sign/: the signership with what the signer gives. */
export const signNdaCall = signNdaFields
  .extend({ signership: recordId })
  .superRefine(checkCompany)
  .transform(readSigning);

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
