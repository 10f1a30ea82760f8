import type { OneTimePurchaseDto } from '@shared/schemas/billing.js';
import type { PageRequest } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingRead } from '@server/policies/billing.js';
import { presentPurchase } from '@server/presenters/billing.js';
import { countOf, type Page, pageOf } from '../projects/page.js';

/** Each purchase of extra projects or team member seats, newest first. */
export async function listOneTimePurchases(
  core: Core,
  { actor, page }: { actor: Actor; page: PageRequest },
): Promise<Page<OneTimePurchaseDto>> {
  const companyId = authorizeBillingRead(actor);
  const query = core.db
    .selectFrom('oneTimePurchases')
    .select(['id', 'kind', 'quantity', 'createdAt'])
    .where('companyId', '=', companyId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  const [rows, count] = await Promise.all([pageOf(query, page).execute(), countOf(query)]);
  return { count, results: rows.map(presentPurchase), limit: page.limit, offset: page.offset };
}
