import type { ContactRow } from '../db/schema.js';

/** The spec's Contact: a person of the company's network, and the account behind the e-mail when there is one. */
export interface ContactDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  user: { pk: number; email: string } | null;
  companyName: string;
  created: string;
}

export function presentContact(row: ContactRow, user: { id: number; email: string } | null): ContactDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    user: user ? { pk: user.id, email: user.email } : null,
    companyName: row.companyName,
    created: row.createdAt.toISOString(),
  };
}
