import type { Config, StripeConfig } from '../../config.js';
import type { BillingProviderName } from '@shared/schemas/billing.js';
import { BuiltinProvider } from './builtin-provider.js';
import type { BillingProvider } from './provider.js';

/** Makes the Stripe provider from its configuration (server/services/billing/stripe-provider.ts). */
export type StripeProviderFactory = (stripe: StripeConfig) => BillingProvider;

export interface BillingProviders {
  /** The provider new checkouts go to: Stripe when STRIPE_SECRET_KEY is set, else the built-in one. */
  current: BillingProvider;
  /** The provider a subscription was made with (it stays with it after the configuration changes). */
  of(name: BillingProviderName): BillingProvider;
}

/**
 * Chooses the billing providers once, from configuration. `stripeFactory` is the Stripe provider's
 * factory; without it a Stripe configuration is refused at boot rather than ignored.
 */
export function createBillingProviders(
  config: Config,
  stripeFactory: StripeProviderFactory | null = null,
): BillingProviders {
  const builtin = new BuiltinProvider();
  let stripe: BillingProvider | null = null;
  if (config.billing.stripe) {
    if (!stripeFactory) throw new Error('STRIPE_SECRET_KEY is set, but no Stripe provider is registered.');
    stripe = stripeFactory(config.billing.stripe);
  }
  return {
    current: stripe ?? builtin,
    of(name) {
      if (name === 'stripe') {
        if (!stripe) throw new Error('A Stripe subscription needs STRIPE_SECRET_KEY.');
        return stripe;
      }
      return builtin;
    },
  };
}
