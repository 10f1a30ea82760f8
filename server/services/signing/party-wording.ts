import type { Party } from './types.js';

/**
 * Who signs, as the signature page, the certificate and the schedule say it:
 * "Kestrel Partners LLP, signed by James Whitfield, Partner".
 */
export function signatoryLine(party: Party): string {
  const person = party.title ? `${party.name}, ${party.title}` : party.name;
  return party.company ? `${party.company}, signed by ${person}` : person;
}
