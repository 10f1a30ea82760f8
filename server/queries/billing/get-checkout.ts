import type { CheckoutDto } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeCheckout } from '@server/policies/billing.js';
import { presentCheckout } from '@server/presenters/billing.js';

/** The built-in checkout page's data: plan, interval, amount, the company and whether it is still open. */
export async function getCheckout(core: Core, { actor, token }: { actor: Actor; token: string }): Promise<CheckoutDto> {
  const row = await core.db
    .selectFrom('checkoutSessions')
    .selectAll()
    .where('token', '=', token)
    .where('provider', '=', 'builtin')
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  authorizeCheckout(actor, row);
  const names = await core.db
    .selectFrom('billingPrices as p')
    .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
    .innerJoin('companies as c', (join) => join.on('c.id', '=', row.companyId))
    .select(['p.billingInterval', 'pr.name as productName', 'c.name as companyName'])
    .where('p.id', '=', row.priceId)
    .executeTakeFirstOrThrow();
  return presentCheckout(row, names, names);
}
