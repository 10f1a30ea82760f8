import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { NdaSourceFormValues } from '@client/features/projects';
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

/** The recipients page's form: the group, its recipients and, when it has its own, its NDA. */
export interface RecipientsValues extends NdaSourceFormValues {
  name: string;
  mode: 'new' | 'existing';
  recipients: RecipientRow[];
  signerGroup: string | null;
  allowComments: boolean;
  sendTeaser: boolean;
  inheritNdaFromProject: boolean;
}

export type RecipientsFormApi = UseFormReturnType<
  RecipientsValues,
  RecipientsValues,
  (values: RecipientsValues) => FormErrors
>;
