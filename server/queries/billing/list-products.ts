import type { ProductDto } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingRead } from '@server/policies/billing.js';
import { presentProduct } from '@server/presenters/billing.js';

/** The plans on offer with their prices and add-on prices: Free first, then the paid plans by their first price. */
export async function listProducts(core: Core, { actor }: { actor: Actor }): Promise<ProductDto[]> {
  authorizeBillingRead(actor);
  const [products, prices] = await Promise.all([
    core.db.selectFrom('billingProducts').selectAll().where('isActive', '=', true).orderBy('id').execute(),
    core.db.selectFrom('billingPrices').selectAll().where('isActive', '=', true).orderBy('id').execute(),
  ]);
  const addons = {
    project: prices.filter((p) => p.kind === 'addon_project'),
    member: prices.filter((p) => p.kind === 'addon_member'),
  };
  const dtos = products.map((product) =>
    presentProduct(
      product,
      prices.filter((p) => p.productId === product.id),
      addons,
    ),
  );
  const first = (p: ProductDto) => (p.code === 'free' ? -1 : (p.prices[0]?.unitAmount ?? 0));
  return dtos.sort((a, b) => first(a) - first(b) || a.id - b.id);
}
