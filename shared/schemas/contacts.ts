import { z } from 'zod';
import { MAX_CONTACT_CSV_ROWS } from '../csv.js';
import { email, MAX_NAME, requiredText } from './fields.js';
import { pageParams } from './projects.js';

/** My Network: the company's contacts, and recipients typed on the recipients page. */

export const CONTACT_MESSAGES = {
  duplicate: 'Company already has this email in contacts list',
  alreadyAdded: 'Contact already added',
  teamMember: 'This user is part of the team who issued the NDA, so It can not see it as a Recipient',
  csvUploaded: 'CSV uploaded successfully!',
  csvFailed: 'Failed to upload CSV.',
  csvRequired: 'Choose a CSV file to upload.',
  csvNotCsv: 'Upload a CSV file (.csv) with first_name, last_name and email columns.',
  csvEmpty: 'The CSV file is empty: add a header row (first_name, last_name, email) and one contact per row.',
  csvTooLarge: 'The CSV file is too large: upload at most 1 MB.',
  csvTooManyRows: 'The CSV file has too many rows: upload at most 2000 contacts at a time.',
  csvColumns: 'The CSV file needs a header row with first_name, last_name and email columns.',
  csvAlreadyInFile: 'Contact already added (the same e-mail is on an earlier row).',
} as const;

export const contactInput = z.object({
  email,
  firstName: requiredText('First name', MAX_NAME),
  lastName: requiredText('Last name', MAX_NAME),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactUpdateInput = contactInput.partial();
export type ContactUpdateInput = z.infer<typeof contactUpdateInput>;

export const contactListQuery = z.object({
  search: z.string().trim().max(254).optional().default(''),
  ...pageParams(null),
});

/** The recipients page: every row becomes a contact and an account that can receive the NDA. */
export const resolveRecipientsInput = z.object({
  recipients: z
    .array(contactInput, { error: 'Add at least one recipient.' })
    .min(1, 'Add at least one recipient.')
    .max(MAX_CONTACT_CSV_ROWS, `Add at most ${MAX_CONTACT_CSV_ROWS} recipients at a time.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.email))
          ctx.addIssue({ code: 'custom', path: [i, 'email'], message: CONTACT_MESSAGES.alreadyAdded });
        seen.add(r.email);
      });
    }),
});
export type ResolveRecipientsInput = z.infer<typeof resolveRecipientsInput>;
