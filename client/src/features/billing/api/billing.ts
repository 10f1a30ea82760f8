import { SUBSCRIPTION_POLL_MS } from '@shared/billing';
import { restBlob, saveBlob } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/** The catalogue: Free and every paid plan with its prices and add-on prices. */
export function useProducts(enabled = true) {
  return trpc.billing.products.useQuery(undefined, { enabled, staleTime: 5 * 60_000 });
}

/**
 * The company's subscription: its plan (no product means Free), limits and what is used of them.
 * `poll` asks again every 2 seconds (the payment-processing modal).
 */
export function useSubscription(opts: { enabled?: boolean; poll?: boolean } = {}) {
  return trpc.billing.subscription.useQuery(undefined, {
    enabled: opts.enabled ?? true,
    refetchInterval: opts.poll ? SUBSCRIPTION_POLL_MS : false,
    retry: false,
  });
}

/** The company's paid invoices. */
export function useInvoices(enabled: boolean) {
  return trpc.billing.invoices.useQuery({ limit: -1 }, { enabled });
}

/** Whatever the plan page, the account page and the limits show after the subscription changed. */
export function refreshBilling(utils: Utils): Promise<unknown> {
  return Promise.all([utils.billing.invalidate(), utils.account.planUsage.invalidate()]);
}

/** billing.changed from the socket: the company's plan, limits or invoices changed elsewhere. */
export function applyBillingChanged(utils: Utils): void {
  void refreshBilling(utils);
}

/** Starts a checkout for a plan price; the server answers the URL of the checkout page. */
export function useSubscribe() {
  return trpc.billing.subscribe.useMutation();
}

/** Sets the new totals of the add-ons; the answer is the subscription after the change. */
export function useUpgrade() {
  const utils = trpc.useUtils();
  return trpc.billing.upgrade.useMutation({
    onSuccess: (subscription) => {
      utils.billing.subscription.setData(undefined, subscription);
      void refreshBilling(utils);
    },
  });
}

export function useCancelSubscription() {
  const utils = trpc.useUtils();
  return trpc.billing.cancel.useMutation({ onSuccess: () => refreshBilling(utils) });
}

export function useRenewSubscription() {
  const utils = trpc.useUtils();
  return trpc.billing.renew.useMutation({
    onSuccess: (subscription) => {
      utils.billing.subscription.setData(undefined, subscription);
      void refreshBilling(utils);
    },
  });
}

/** A checkout of the built-in provider, by its token. */
export function useCheckout(token: string) {
  return trpc.billing.checkout.useQuery({ token }, { retry: false });
}

export function usePay() {
  const utils = trpc.useUtils();
  return trpc.billing.pay.useMutation({ onSuccess: () => refreshBilling(utils) });
}

/** One invoice of the company (the hosted invoice page). */
export function useInvoice(id: string) {
  return trpc.billing.invoice.useQuery({ id }, { retry: false });
}

/** Saves the invoice as the PDF the server makes of it, named for its number. */
export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  saveBlob(await restBlob(`/billing/invoice/${invoice.id}/pdf/`), `Invoice ${invoice.number}.pdf`);
}
