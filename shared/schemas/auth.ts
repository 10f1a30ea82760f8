import { z } from 'zod';
import {
  email,
  firstName,
  lastName,
  linkedinUrl,
  location,
  MAX_LOCATION,
  newPassword,
  optionalText,
  PASSWORDS_MUST_MATCH,
  passwordForLogin,
  requiredLinkedinUrl,
  requiredText,
  signerLocation,
} from './fields.js';

export const loginInput = z.object({ email, password: passwordForLogin });
export type LoginInput = z.infer<typeof loginInput>;

export const ownerRegistrationInput = z
  .object({
    email,
    password1: newPassword,
    password2: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    firstName,
    lastName,
    location: requiredText('Location', MAX_LOCATION),
    companyName: requiredText('Company name', 255),
    linkedinLink: linkedinUrl.optional().default(''),
    invitedWith: optionalText(64),
    country: optionalText(64),
  })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: PASSWORDS_MUST_MATCH });
export type OwnerRegistrationInput = z.infer<typeof ownerRegistrationInput>;

/**
 * A part of an e-mailed link (the uid, the token): base64url, as the server makes them. A check of a
 * link refuses anything else at the door; registering with a link answers the spec's invalid-link message.
 */
const linkPart = (max: number) =>
  z
    .string({ error: 'Invalid link' })
    .trim()
    .min(1, 'Invalid link')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid link');

const invitationFields = {
  newPassword1: newPassword,
  newPassword2: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  uid: z.string({ error: 'Invalid link' }).trim().min(1, 'Invalid link').max(64),
  token: z.string({ error: 'Invalid link' }).trim().min(1, 'Invalid link').max(256),
  firstName,
  lastName,
  location,
  linkedinLink: requiredLinkedinUrl,
};
const passwordsMatch = (v: { newPassword1: string; newPassword2: string }) => v.newPassword1 === v.newPassword2;

export const memberInvitationInput = z
  .object(invitationFields)
  .refine(passwordsMatch, { path: ['newPassword2'], message: PASSWORDS_MUST_MATCH });
export type MemberInvitationInput = z.infer<typeof memberInvitationInput>;

export const signerInvitationInput = z
  .object({ ...invitationFields, location: signerLocation, companyName: requiredText('Company name', 255) })
  .refine(passwordsMatch, { path: ['newPassword2'], message: PASSWORDS_MUST_MATCH });
export type SignerInvitationInput = z.infer<typeof signerInvitationInput>;

/** Reading an invitation link before registering with it (GET .../<kind>_invitation_check/). */
export const invitationCheckInput = z.object({
  uid: linkPart(64),
  token: linkPart(256),
  kind: z.enum(['member', 'signer']),
});
export type InvitationCheckInput = z.infer<typeof invitationCheckInput>;

export const verifyEmailInput = z.object({
  key: z.string({ error: 'Key is required' }).trim().min(1, 'Key is required').max(256),
});
export const refreshInput = z.object({
  refresh: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(512),
});
export const logoutInput = z.object({ refresh: z.string().max(512).optional() });
export const passwordResetInput = z.object({ email });
export const passwordResetConfirmInput = z
  .object({
    newPassword1: newPassword,
    newPassword2: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    uid: z.string({ error: 'Invalid link' }).trim().min(1, 'Invalid link').max(64),
    token: z.string({ error: 'Invalid link' }).trim().min(1, 'Invalid link').max(256),
  })
  .refine(passwordsMatch, { path: ['newPassword2'], message: PASSWORDS_MUST_MATCH });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;

// Kept apart from the schemas, so the app's first load carries no validation code for them.
export { AUTH_MESSAGES } from '../auth-messages.js';
