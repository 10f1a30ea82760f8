import { MAX_NAME } from '@shared/schemas/fields';

/** "Jane van Dijk" -> first name "Jane", last name "van Dijk". */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = value.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** The combined field of the invitation forms needs a first and a last name, separated by a space. */
export function fullNameRule(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return 'First name & Last name is required';
  const { firstName, lastName } = splitFullName(text);
  if (!lastName) return 'Please enter your first and last name separated by a space';
  if (firstName.length > MAX_NAME || lastName.length > MAX_NAME)
    return `First and last name can have up to ${MAX_NAME} characters each`;
  return null;
}
