import { z } from 'zod';
import {
  email,
  firstName,
  lastName,
  location,
  MAX_LOCATION,
  signerLocation,
  MAX_NAME,
  newPassword,
  PASSWORDS_MUST_MATCH,
  requiredLinkedinUrl,
  requiredText,
} from './fields.js';
import { MAX_PROPOSAL, PROPOSAL_FIELD_MESSAGES } from './threads.js';

/**
 * The browser's forms: the fields they show (a confirmation, a checkbox, a combined name) built from
 * the same field schemas as the inputs the server takes, so each message is written once.
 */

export const FORM_MESSAGES = {
  acceptTerms: 'Please accept the Terms & Conditions',
  fullNameRequired: 'First name & Last name is required',
  fullNameBoth: 'Please enter your first and last name separated by a space',
  fullNameTooLong: `First and last name can have up to ${MAX_NAME} characters each`,
  commentRequired: 'Comment text is required',
  replyRequired: 'Write a reply first',
  surnameRequired: 'Surname is required',
  signatureNameTooLong: `Up to ${MAX_NAME} characters`,
} as const;

/** "Jane van Dijk" -> first name "Jane", last name "van Dijk". */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = value.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** The invitation forms' one name field: a first and a last name, separated by a space. */
export const fullName = z
  .string({ error: FORM_MESSAGES.fullNameRequired })
  .trim()
  .min(1, FORM_MESSAGES.fullNameRequired)
  .refine((v) => !!splitFullName(v).lastName, FORM_MESSAGES.fullNameBoth)
  .refine((v) => {
    const { firstName, lastName } = splitFullName(v);
    return firstName.length <= MAX_NAME && lastName.length <= MAX_NAME;
  }, FORM_MESSAGES.fullNameTooLong);

const confirmation = z.string({ error: 'Password is required' }).min(1, 'Password is required');

/** The second password must repeat the first; checked whatever the other fields hold. */
function passwordsMatch<K extends string>(first: string, second: K) {
  return {
    path: [second],
    message: PASSWORDS_MUST_MATCH,
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown>;
      return typeof v[first] === 'string' && typeof v[second] === 'string' && v[second] !== '';
    },
  };
}

export const signUpForm = z
  .object({
    firstName,
    lastName,
    email,
    password1: newPassword,
    password2: confirmation,
    companyName: requiredText('Company name', 255),
    location: requiredText('Location', MAX_LOCATION),
    terms: z.literal(true, { error: FORM_MESSAGES.acceptTerms }),
  })
  .refine((v) => v.password1 === v.password2, passwordsMatch('password1', 'password2'));

const newPasswords = {
  newPassword1: newPassword,
  newPassword2: confirmation,
};

export const passwordResetForm = z
  .object(newPasswords)
  .refine((v) => v.newPassword1 === v.newPassword2, passwordsMatch('newPassword1', 'newPassword2'));

const invitationFields = { fullName, ...newPasswords, location, linkedinLink: requiredLinkedinUrl };

export const memberInvitationForm = z
  .object(invitationFields)
  .refine((v) => v.newPassword1 === v.newPassword2, passwordsMatch('newPassword1', 'newPassword2'));

export const signerInvitationForm = z
  .object({ ...invitationFields, location: signerLocation, companyName: requiredText('Company name', 255) })
  .refine((v) => v.newPassword1 === v.newPassword2, passwordsMatch('newPassword1', 'newPassword2'));

/** A new comment thread's text and, optionally, the wording proposed (its pointer and quote come from the page). */
export const threadForm = z.object({
  text: z.string().trim().min(1, FORM_MESSAGES.commentRequired),
  proposal: z.string().trim().max(MAX_PROPOSAL, PROPOSAL_FIELD_MESSAGES.proposalTooLong),
});

/** A reply, with an optional counter-proposal. */
export const replyForm = z.object({
  text: z.string().trim().min(1, FORM_MESSAGES.replyRequired),
  proposal: z.string().trim().max(MAX_PROPOSAL, PROPOSAL_FIELD_MESSAGES.proposalTooLong),
});

/** Editing a thread's or a reply's text: the wording proposed stays as it was. */
export const threadTextForm = threadForm.pick({ text: true });
export const replyTextForm = replyForm.pick({ text: true });

const signatureName = (required: string) =>
  z.string().trim().min(1, required).max(MAX_NAME, FORM_MESSAGES.signatureNameTooLong);

/** A typed signature: the names written in the handwriting face. */
export const typedSignatureForm = z.object({
  firstName: signatureName('First name is required'),
  surname: signatureName(FORM_MESSAGES.surnameRequired),
});

/** The landing page's e-mail box: empty (sign-up asks for it) or an address to carry to sign-up. */
export const registerInterestForm = z.object({
  email: z.union([z.string().trim().length(0), email]),
});
