import {
  billingListQuery,
  cancelInput,
  checkoutInput,
  invoiceInput,
  subscribeInput,
  upgradeInput,
} from '@shared/schemas/billing.js';
import { cancelSubscription } from '../commands/billing/cancel-subscription.js';
import { payCheckout } from '../commands/billing/pay-checkout.js';
import { renewSubscription } from '../commands/billing/renew-subscription.js';
import { subscribe } from '../commands/billing/subscribe.js';
import { upgradeSubscription } from '../commands/billing/upgrade-subscription.js';
import { getCheckout } from '../queries/billing/get-checkout.js';
import { getSubscription } from '../queries/billing/get-subscription.js';
import { getInvoice, listInvoices } from '../queries/billing/list-invoices.js';
import { listOneTimePurchases } from '../queries/billing/list-one-time-purchases.js';
import { listProducts } from '../queries/billing/list-products.js';
import { authedProcedure, router } from './trpc.js';

const list = billingListQuery.optional();
const pageOf = (input: unknown) => billingListQuery.parse(input ?? {});

export const billingRouter = router({
  products: authedProcedure.query(({ ctx }) => listProducts(ctx.core, { actor: ctx.actor })),
  subscription: authedProcedure.query(({ ctx }) => getSubscription(ctx.core, { actor: ctx.actor })),
  subscribe: authedProcedure
    .input(subscribeInput)
    .mutation(({ ctx, input }) => subscribe(ctx.core, { actor: ctx.actor, input })),
  upgrade: authedProcedure
    .input(upgradeInput)
    .mutation(({ ctx, input }) => upgradeSubscription(ctx.core, { actor: ctx.actor, input })),
  cancel: authedProcedure
    .input(cancelInput.optional())
    .mutation(({ ctx, input }) =>
      cancelSubscription(ctx.core, { actor: ctx.actor, input: input ?? { immediately: false } }),
    ),
  renew: authedProcedure.mutation(({ ctx }) => renewSubscription(ctx.core, { actor: ctx.actor })),
  invoices: authedProcedure
    .input(list)
    .query(({ ctx, input }) => listInvoices(ctx.core, { actor: ctx.actor, page: pageOf(input) })),
  invoice: authedProcedure
    .input(invoiceInput)
    .query(({ ctx, input }) => getInvoice(ctx.core, { actor: ctx.actor, invoiceId: input.id })),
  oneTimePurchases: authedProcedure
    .input(list)
    .query(({ ctx, input }) => listOneTimePurchases(ctx.core, { actor: ctx.actor, page: pageOf(input) })),
  checkout: authedProcedure
    .input(checkoutInput)
    .query(({ ctx, input }) => getCheckout(ctx.core, { actor: ctx.actor, token: input.token })),
  pay: authedProcedure
    .input(checkoutInput)
    .mutation(({ ctx, input }) => payCheckout(ctx.core, { actor: ctx.actor, token: input.token })),
});
