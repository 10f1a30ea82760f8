import type { Party } from './types.js';

/**
 * Who signs, as the signature page, the certificate and the schedule say it: "Falcon Holdings Limited,
 * by Harbour Corporate Finance LLP as agent, signed by Claire Morgan, Director", or "Kestrel Partners
 * LLP, signed by James Whitfield, Partner".
 */
export function signatoryLine(party: Pick<Party, 'name' | 'title' | 'company' | 'agent'>): string {
  const person = party.title ? `${party.name}, ${party.title}` : party.name;
  const principal = [party.company, party.agent ? `by ${party.agent} as agent` : ''].filter(Boolean).join(', ');
  return principal ? `${principal}, signed by ${person}` : person;
}
