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

/** The same people, in any order. */
export function sameRecipients(a: Array<{ email: string }>, b: Array<{ email: string }>): boolean {
  const norm = (list: Array<{ email: string }>) =>
    list
      .map((r) => r.email.trim().toLowerCase())
      .sort()
      .join('\n');
  return norm(a) === norm(b);
}
