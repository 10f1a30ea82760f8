import type { Kysely } from 'kysely';
import type { CompanyRow, Database } from '../db/schema.js';
import { userImageUrl } from './user.js';

export interface CompanyDto {
  id: number;
  name: string;
  address: string;
  registrationNumber: string;
  vat: string;
  owner: number | null;
  /** URL of the owner's signature image: the one stamped on NDAs the company sends. */
  ownerSign: string | null;
  /** The owner's job title: the sender's title on the NDAs the company sends (empty when not set). */
  ownerJobTitle: string;
  activeSubscription: null | { product: { name: string } };
}

export async function presentCompany(db: Kysely<Database>, company: CompanyRow): Promise<CompanyDto> {
  const owner = company.ownerId
    ? await db
        .selectFrom('users')
        .select(['id', 'signKey', 'jobTitle'])
        .where('id', '=', company.ownerId)
        .executeTakeFirst()
    : undefined;
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    registrationNumber: company.registrationNumber,
    vat: company.vat,
    owner: company.ownerId,
    ownerSign: owner ? userImageUrl(owner.id, 'sign', owner.signKey) : null,
    ownerJobTitle: owner?.jobTitle ?? '',
    // Billing is not wired yet: no product on the subscription means the Free plan.
    activeSubscription: null,
  };
}
