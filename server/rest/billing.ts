import type { FastifyInstance } from 'fastify';
import { billingListQuery, cancelInput, checkoutToken, subscribeInput, upgradeInput } from '@shared/schemas/billing.js';
import { cancelSubscription } from '../commands/billing/cancel-subscription.js';
import { payCheckout } from '../commands/billing/pay-checkout.js';
import { renewSubscription } from '../commands/billing/renew-subscription.js';
import { subscribe } from '../commands/billing/subscribe.js';
import { upgradeSubscription } from '../commands/billing/upgrade-subscription.js';
import type { Core } from '../core.js';
import { AppError } from '../errors.js';
import { getCheckout } from '../queries/billing/get-checkout.js';
import { getSubscription } from '../queries/billing/get-subscription.js';
import { getInvoicePdf } from '../queries/billing/invoice-pdf.js';
import { getInvoice, listInvoices } from '../queries/billing/list-invoices.js';
import { listOneTimePurchases } from '../queries/billing/list-one-time-purchases.js';
import { listProducts } from '../queries/billing/list-products.js';
import { sendBlob } from './blob-reply.js';
import { onePage, pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

const READERS = 'The owner and the team members of a company read it; a signer gets 404.';
const OWNER_ONLY =
  'Only the account owner changes the plan: a team member gets 403 with “You’ve exceeded the number of projects/signatures/editors - please contact your admin to upgrade the plan”; a signer gets 404.';

/** A checkout token from the path; anything else is simply not there (404). */
function tokenParam(req: { params: unknown }): string {
  const parsed = checkoutToken.safeParse((req.params as { token?: string }).token);
  if (!parsed.success) throw AppError.notFound();
  return parsed.data;
}

export function billingRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/billing/products/',
    summary: 'Lists the plans on offer with their monthly and annual prices and their add-on prices.',
    description: `Free comes first, then the paid plans by their first price. Amounts are integer minor units (pence); numberOfProjectsAllowed -1 means unlimited. addon.projects and addon.members are the add-on prices the plan sells (billed per plan interval). One page holds every plan (limit=-1 is accepted). ${READERS}`,
    auth: 'required',
    input: billingListQuery,
    handler: async (_i, a) => onePage(await listProducts(core, { actor: a })),
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/subscription/',
    summary: 'Answers the company’s subscription: plan and price, period, cancellation, add-ons and limits in use.',
    description: `product null means the Free plan. memberAllowed and projectAllowed are the plan’s plus the add-ons plus any extras granted by support (-1 unlimited); membersUsed and projectsUsed count what is in use. pendingCheckout is true while a checkout is open. ${READERS}`,
    auth: 'required',
    handler: (_i, a) => getSubscription(core, { actor: a }),
  });
  route(app, core, {
    method: 'POST',
    url: '/billing/subscription/subscribe/',
    summary: 'Starts a checkout for a paid plan’s price and answers the URL of the page to pay on.',
    description: `price_id is a plan price identifier (boutique-month, bulge_bracket-year...); price, if sent, is the amount the page showed and must equal the price (else 400). A company that already has a paid plan gets 400. With the built-in provider the URL is the app’s own /checkout/{token} page; with Stripe it is Stripe Checkout. ${OWNER_ONLY}`,
    auth: 'required',
    input: subscribeInput,
    handler: (i, a) => subscribe(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'POST',
    url: '/billing/subscription-edit/upgrade/',
    summary: 'Sets the add-on quantities of the paid subscription (extra projects, extra team members).',
    description: `addon is a list of {item_price_id, quantity}; each quantity (0 to 999) is the new total of that add-on, which must be sold by the plan at the plan’s interval. Nothing changed: 400 “Select quantity of Projects and Team Members to upgrade”; fewer than are in use: 400 “Maximum downgrade available till N”. What is added is charged at once at the add-on’s price per plan interval and recorded as a one-time purchase. Needs an active paid subscription. ${OWNER_ONLY}`,
    auth: 'required',
    input: upgradeInput,
    handler: (i, a) => upgradeSubscription(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'POST',
    url: '/billing/subscription/cancel/',
    summary: 'Cancels the paid subscription at the end of its period.',
    description: `immediately must be false (or left out): the plan and its add-ons last until cancelAt, then the company is on Free and keeps its projects. Answers detail {cancelAtPeriodEnd, cancelAt}; cancelling again answers the same. The Free plan: 400. ${OWNER_ONLY}`,
    auth: 'required',
    input: cancelInput,
    handler: (i, a) => cancelSubscription(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'POST',
    url: '/billing/subscription/renew/',
    summary: 'Withdraws the cancellation of the paid subscription; answers the subscription.',
    description: `The Free plan, or a subscription that is not cancelled: 400. ${OWNER_ONLY}`,
    auth: 'required',
    handler: (_i, a) => renewSubscription(core, { actor: a }),
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/invoice/',
    summary: 'Lists the company’s paid invoices, newest first.',
    description: `total is in minor units; hostedInvoiceUrl opens the invoice (the app’s /invoices/{id} page for the built-in provider, Stripe’s page otherwise). No limit (or limit=-1) answers every invoice. ${READERS}`,
    auth: 'required',
    input: billingListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listInvoices(core, { actor: a, page: i })),
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/invoice/:id/',
    summary: 'Answers one of the company’s invoices with its lines: the invoice page’s data.',
    description: `Another company’s invoice answers 404. ${READERS}`,
    auth: 'required',
    handler: (_i, a, { req }) => getInvoice(core, { actor: a, invoiceId: idParam(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/invoice/:id/pdf/',
    summary: 'Downloads one of the company’s invoices as a PDF.',
    description: `The same invoice as the invoice page: number, issue date, seller and customer (legal name, address, VAT number), billing period, lines, net, tax rate, tax and gross. Another company’s invoice answers 404. ${READERS}`,
    auth: 'required',
    produces: 'application/pdf',
    handler: async (_i, a, { req, reply }) => {
      const { body, filename } = await getInvoicePdf(core, { actor: a, invoiceId: idParam(req) });
      return sendBlob(reply, { body, contentType: 'application/pdf' }, filename);
    },
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/one-time-purchases/',
    summary: 'Lists each purchase of extra projects or team member seats, newest first.',
    description: `kind is project or member; quantity is how many were added. No limit (or limit=-1) answers every purchase. ${READERS}`,
    auth: 'required',
    input: billingListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listOneTimePurchases(core, { actor: a, page: i })),
  });
  route(app, core, {
    method: 'GET',
    url: '/billing/checkout/:token/',
    summary: 'Answers a built-in checkout: plan, interval, amount, company and whether it is open, paid or expired.',
    description: 'Only the owner of the checkout’s company sees it; anyone else gets 404.',
    auth: 'required',
    handler: (_i, a, { req }) => getCheckout(core, { actor: a, token: tokenParam(req) }),
  });
  route(app, core, {
    method: 'POST',
    url: '/billing/checkout/:token/pay/',
    summary: 'Pays a built-in checkout: the subscription starts and its first invoice is issued.',
    description:
      'Answers {redirectUrl: "/plan?checkout=success"}. Paying a checkout that is already paid answers the same and changes nothing; an expired one answers 400. Only the owner of the checkout’s company pays; anyone else gets 404.',
    auth: 'required',
    handler: (_i, a, { req }) => payCheckout(core, { actor: a, token: tokenParam(req) }),
  });
}
