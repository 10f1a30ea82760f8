import { CONTACT_MESSAGES } from '@shared/schemas/contacts';
import { email as emailSchema, MAX_NAME } from '@shared/schemas/fields';

export interface RecipientRow {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
}

let counter = 0;
export function newRow(values: Partial<Omit<RecipientRow, 'key'>> = {}): RecipientRow {
  counter += 1;
  return { key: `row-${Date.now()}-${counter}`, firstName: '', lastName: '', email: '', ...values };
}

export function isBlank(row: RecipientRow): boolean {
  return !row.firstName.trim() && !row.lastName.trim() && !row.email.trim();
}

const nameRule = (label: string) => (value: string) => {
  if (!value.trim()) return `${label} is required`;
  if (value.trim().length > MAX_NAME) return `Ensure this field has no more than ${MAX_NAME} characters.`;
  return null;
};

export const firstNameRule = nameRule('First name');
export const lastNameRule = nameRule('Last name');

/** A valid e-mail, not twice in the list, not one of the sending team's (spec 2, section 5). */
export function emailRule(teamEmails: Set<string>) {
  return (value: string, values: { recipients: RecipientRow[] }, path: string) => {
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid email format';
    const normalized = parsed.data;
    if (teamEmails.has(normalized)) return CONTACT_MESSAGES.teamMember;
    const index = Number(path.split('.')[1]);
    const earlier = values.recipients.slice(0, index).some((r) => r.email.trim().toLowerCase() === normalized);
    return earlier ? CONTACT_MESSAGES.alreadyAdded : null;
  };
}

/** The same people, in any order. */
export function sameRecipients(a: Array<{ email: string }>, b: Array<{ email: string }>): boolean {
  const norm = (list: Array<{ email: string }>) =>
    list
      .map((r) => r.email.trim().toLowerCase())
      .sort()
      .join('\n');
  return norm(a) === norm(b);
}
