import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { presentCompany } from '@server/presenters/company.js';

/** The actor's own company, as a one-item list (the spec's client uses the first item). */
export async function getCompanies(core: Core, { actor }: { actor: Actor }) {
  if (actor.user.companyId === null) return [];
  const company = await core.db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', actor.user.companyId)
    .executeTakeFirst();
  return company ? [await presentCompany(core.db, company)] : [];
}
