import { z } from 'zod';
import { isEmailAddress, MAX_EMAIL } from '../email-address.js';

/** Field builders shared by every form schema, so each message is written once. */
export const MAX_NAME = 30;
export const MAX_LOCATION = 512;
/** A signer's location is shorter (spec: its error clears under 128 characters). */
export const MAX_SIGNER_LOCATION = 128;
export const MAX_JOB_TITLE = 100;
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** For the OpenAPI description: a page size may be anything in its range but 0 (checked by a refine). */
export const NOT_ZERO = { not: { const: 0 }, description: 'Rows per page; -1 for every row; 0 is refused.' };

export const maxMessage = (n: number) => `Ensure this field has no more than ${n} characters.`;

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, maxMessage(max));
}

export function optionalText(max: number) {
  return z.string().trim().max(max, maxMessage(max)).optional().default('');
}

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(MAX_EMAIL, maxMessage(MAX_EMAIL))
  .refine(isEmailAddress, 'Invalid email format')
  .transform((v) => v.toLowerCase());

export const passwordForLogin = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(MAX_PASSWORD, maxMessage(MAX_PASSWORD));

export const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
  .max(MAX_PASSWORD, maxMessage(MAX_PASSWORD));

export const firstName = requiredText('First name', MAX_NAME);
export const lastName = requiredText('Last name', MAX_NAME);
export const location = requiredText('Location', MAX_LOCATION);
export const signerLocation = requiredText('Location', MAX_SIGNER_LOCATION);

/** A job title as a signature table shows it: optional, plain text on one line. */
export const jobTitle = z
  .string({ error: 'Job title must be text.' })
  .trim()
  .max(MAX_JOB_TITLE, maxMessage(MAX_JOB_TITLE))
  .refine((v) => !/\p{Cc}/u.test(v), 'Enter the job title on one line, as plain text.');

/** "www.linkedin.com/in/jane" -> "https://www.linkedin.com/in/jane": people paste profile addresses without a scheme. */
export function withUrlScheme(value: string): string {
  return value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

export const linkedinUrl = z
  .string()
  .trim()
  .transform(withUrlScheme)
  .refine((v) => v.length <= 512, maxMessage(512))
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a valid URL');

export const requiredLinkedinUrl = z
  .string({ error: 'LinkedIn Url is required' })
  .trim()
  .min(1, 'LinkedIn Url is required')
  .pipe(linkedinUrl);

export const PASSWORDS_MUST_MATCH = 'Passwords must match';
