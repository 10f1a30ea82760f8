import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@shared/billing.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { checkoutToken, startCheckout } from '@tests/support/billing.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { api, expectStatus } from '@tests/support/projects.js';

// The catalogue and a subscription's start through the built-in checkout: GET /billing/products/,
// POST /billing/subscription/subscribe/, the checkout page's calls, the paid invoice and its page.

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let signer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [owner, stranger] = await Promise.all([createOwner(t), createOwner(t, { company_name: 'Stranger Partners' })]);
  [member, signer] = await Promise.all([createMember(t, owner), createSigner(t, owner, 'Buyer Holdings SA')]);
});
afterAll(async () => {
  await t?.close();
});

const price = (id: string, unitAmount: number, interval: 'month' | 'year') => ({
  id,
  unitAmount,
  interval,
  currency: 'gbp',
});

describe('GET /billing/products/', () => {
  it('lists Free, Boutique and Bulge-Bracket with prices in pence and their add-on prices', async () => {
    const res = await api(t, 'GET', '/billing/products/?limit=-1', owner);
    expectStatus(res, 200);
    expect(res.body.count).toBe(3);
    expect(res.body.next).toBeNull();
    const [free, boutique, bulge] = res.body.results;
    expect(free).toMatchObject({
      code: 'free',
      name: 'FREE',
      numberOfProjectsAllowed: 2,
      numberOfMembersAllowed: 0,
      prices: [price('free-month', 0, 'month'), price('free-year', 0, 'year')],
      addon: { projects: [], members: [] },
    });
    expect(boutique).toEqual({
      id: expect.any(Number),
      code: 'boutique',
      name: 'Boutique',
      numberOfProjectsAllowed: 3,
      numberOfMembersAllowed: 1,
      prices: [price('boutique-month', 14900, 'month'), price('boutique-year', 143040, 'year')],
      addon: {
        projects: [price('addon_project-month', 4900, 'month'), price('addon_project-year', 47040, 'year')],
        members: [price('addon_member-month', 2900, 'month'), price('addon_member-year', 27840, 'year')],
      },
      additionalProjectLifetime: false,
    });
    expect(bulge).toMatchObject({
      code: 'bulge_bracket',
      name: 'Bulge-Bracket',
      numberOfProjectsAllowed: -1,
      numberOfMembersAllowed: 1,
      prices: [price('bulge_bracket-month', 49900, 'month'), price('bulge_bracket-year', 479040, 'year')],
      addon: {
        projects: [],
        members: [price('addon_member-month', 2900, 'month'), price('addon_member-year', 27840, 'year')],
      },
    });
  });

  it('is read by team members, not by signers or anonymous callers; tRPC answers the same list', async () => {
    const forMember = await api(t, 'GET', '/billing/products/', member);
    expectStatus(forMember, 200);
    expectStatus(await api(t, 'GET', '/billing/products/', signer), 404);
    expectStatus(await api(t, 'GET', '/billing/products/', null), 401);
    const trpc = await trpcQuery(t, 'billing.products', undefined, authHeader(owner.access));
    expect(trpc.data).toEqual(forMember.body.results);
  });
});

describe('the Free plan', () => {
  it('is a subscription without product, with Free’s limits and nothing to cancel or renew', async () => {
    const res = await api(t, 'GET', '/billing/subscription/', stranger);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      status: null,
      product: null,
      quantity: 0,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: null,
      memberAllowed: 0,
      projectAllowed: 2,
      membersUsed: 0,
      projectsUsed: 0,
      addon: [],
      additionalProjects: 0,
      provider: null,
      pendingCheckout: false,
    });
    const cancel = await api(t, 'POST', '/billing/subscription/cancel/', stranger, { json: { immediately: false } });
    expectStatus(cancel, 400);
    expect(cancel.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.freeCannotCancel], code: 'plan_required' });
    const renew = await api(t, 'POST', '/billing/subscription/renew/', stranger);
    expectStatus(renew, 400);
    expect(renew.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.freeCannotRenew], code: 'plan_required' });
    const upgrade = await api(t, 'POST', '/billing/subscription-edit/upgrade/', stranger, {
      json: { addon: [{ item_price_id: 'addon_member-month', quantity: 1 }] },
    });
    expectStatus(upgrade, 400);
    expect(upgrade.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.paidPlanRequired], code: 'plan_required' });
  });
});

describe('subscribing through the built-in checkout', () => {
  it('refuses unknown, Free and add-on prices, and a displayed price that is not the price', async () => {
    for (const priceId of ['premium-month', 'free-month', 'addon_member-month', ''])
      expectStatus(
        await api(t, 'POST', '/billing/subscription/subscribe/', owner, { json: { price_id: priceId } }),
        400,
      );
    const stale = await api(t, 'POST', '/billing/subscription/subscribe/', owner, {
      json: { price_id: 'boutique-month', price: 9900 },
    });
    expectStatus(stale, 400);
    expect(stale.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.priceChanged], code: 'price_changed' });
  });

  it('is the owner’s: a team member gets 403 with the message to ask their admin, a signer 404', async () => {
    const asMember = await api(t, 'POST', '/billing/subscription/subscribe/', member, {
      json: { price_id: 'boutique-month' },
    });
    expectStatus(asMember, 403);
    expect(asMember.body).toEqual({ detail: BILLING_MESSAGES.askAdmin, code: 'owner_only' });
    expectStatus(
      await api(t, 'POST', '/billing/subscription/subscribe/', signer, { json: { price_id: 'boutique-month' } }),
      404,
    );
  });

  it('opens a checkout page only its company’s owner sees, then paying starts the plan and issues a paid invoice', async () => {
    const subscribed = await api(t, 'POST', '/billing/subscription/subscribe/', owner, {
      json: { price_id: 'boutique-month', price: 14900 },
    });
    expectStatus(subscribed, 200);
    expect(subscribed.body.checkoutUrl).toMatch(/^\/checkout\/[A-Za-z0-9_-]{16,}$/);
    const token = checkoutToken(subscribed.body.checkoutUrl);
    expect((await api(t, 'GET', '/billing/subscription/', owner)).body.pendingCheckout).toBe(true);

    const page = await api(t, 'GET', `/billing/checkout/${token}/`, owner);
    expectStatus(page, 200);
    expect(page.body).toEqual({
      id: token,
      productName: 'Boutique',
      interval: 'month',
      amount: 14900,
      currency: 'gbp',
      status: 'open',
      companyName: 'Owner Holdings Ltd',
    });
    for (const other of [member, signer, stranger]) {
      expectStatus(await api(t, 'GET', `/billing/checkout/${token}/`, other), 404);
      expectStatus(await api(t, 'POST', `/billing/checkout/${token}/pay/`, other), 404);
    }
    expectStatus(await api(t, 'GET', '/billing/checkout/not-a-real-token-at-all/', owner), 404);

    const paid = await api(t, 'POST', `/billing/checkout/${token}/pay/`, owner);
    expectStatus(paid, 200);
    expect(paid.body).toEqual({ redirectUrl: '/plan?checkout=success' });
    expect((await api(t, 'GET', `/billing/checkout/${token}/`, owner)).body.status).toBe('complete');

    const sub = await api(t, 'GET', '/billing/subscription/', owner);
    expect(sub.body).toMatchObject({
      status: 'active',
      product: { code: 'boutique', name: 'Boutique', price: price('boutique-month', 14900, 'month') },
      quantity: 1,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      memberAllowed: 1,
      projectAllowed: 3,
      membersUsed: 1,
      provider: 'builtin',
      pendingCheckout: false,
    });
    const periodEnd = new Date(sub.body.currentPeriodEnd).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);
    // The team member reads the same subscription.
    expect((await api(t, 'GET', '/billing/subscription/', member)).body).toEqual(sub.body);
    expectStatus(await api(t, 'GET', '/billing/subscription/', signer), 404);

    const invoices = await api(t, 'GET', '/billing/invoice/', owner);
    expectStatus(invoices, 200);
    expect(invoices.body.count).toBe(1);
    const [invoice] = invoices.body.results;
    expect(invoice).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(/^INV-\d{6}$/),
      total: 14900,
      currency: 'gbp',
      created: expect.any(String),
      paid: true,
      hostedInvoiceUrl: `/invoices/${invoice.id}`,
      lines: [{ description: 'Boutique plan, billed per month', quantity: 1, amount: 14900 }],
      // Nothing configured: the seller's details say to set them (tests/integration/billing/invoices.test.ts).
      seller: {
        name: 'Set INVOICE_SELLER_NAME to your legal name',
        address: 'Set INVOICE_SELLER_ADDRESS to your registered address',
        vat: 'Set INVOICE_SELLER_VAT to your VAT number',
      },
      customer: expect.objectContaining({ name: expect.any(String) }),
      periodStart: expect.any(String),
      periodEnd: sub.body.currentPeriodEnd,
      net: 12417,
      taxRateBp: 2000,
      tax: 2483,
    });
    const one = await api(t, 'GET', `/billing/invoice/${invoice.id}/`, owner);
    expect(one.body).toEqual(invoice);
    expect((await api(t, 'GET', `/billing/invoice/${invoice.id}/`, member)).body).toEqual(invoice);
    expectStatus(await api(t, 'GET', `/billing/invoice/${invoice.id}/`, stranger), 404);
    expectStatus(await api(t, 'GET', `/billing/invoice/${invoice.id}/`, signer), 404);
    expect((await api(t, 'GET', '/billing/invoice/', stranger)).body.count).toBe(0);
    // The account page's plan card follows the subscription.
    expect((await api(t, 'GET', '/company/plan_usage/', owner)).body).toEqual({
      plan: 'Boutique',
      members: { used: 1, allowed: 1 },
      projects: { used: 0, allowed: 3 },
    });

    // Paying again, even twice at once, changes nothing.
    const again = await Promise.all([
      api(t, 'POST', `/billing/checkout/${token}/pay/`, owner),
      api(t, 'POST', `/billing/checkout/${token}/pay/`, owner),
    ]);
    for (const res of again) expect(res.body).toEqual({ redirectUrl: '/plan?checkout=success' });
    expect((await api(t, 'GET', '/billing/invoice/', owner)).body.count).toBe(1);
    expect((await api(t, 'GET', '/billing/subscription/', owner)).body).toEqual(sub.body);

    // A second subscription is refused while this one lasts.
    const second = await api(t, 'POST', '/billing/subscription/subscribe/', owner, {
      json: { price_id: 'bulge_bracket-month' },
    });
    expectStatus(second, 400);
    expect(second.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.alreadySubscribed], code: 'plan_already_active' });
  });

  it('pays one of two racing checkouts only; the other is closed', async () => {
    const racer = await createOwner(t, { company_name: 'Racing Checkouts Ltd' });
    const first = await startCheckout(t, racer, 'boutique-month');
    const second = await startCheckout(t, racer, 'bulge_bracket-year');
    const closed = await api(t, 'POST', `/billing/checkout/${first}/pay/`, racer);
    expectStatus(closed, 400);
    expect(closed.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.checkoutClosed], code: 'checkout_closed' });
    expectStatus(await api(t, 'POST', `/billing/checkout/${second}/pay/`, racer), 200);
    const sub = await api(t, 'GET', '/billing/subscription/', racer);
    expect(sub.body.product).toMatchObject({ code: 'bulge_bracket', price: { id: 'bulge_bracket-year' } });
    expect(sub.body.projectAllowed).toBe(-1);
    const invoices = await api(t, 'GET', '/billing/invoice/?limit=-1', racer);
    expect(invoices.body.results.map((i: { total: number }) => i.total)).toEqual([479040]);
  });

  it('has the same calls over tRPC', async () => {
    const owner2 = await createOwner(t, { company_name: 'Typed Calls Ltd' });
    const h = authHeader(owner2.access);
    const started = await trpcMutation(t, 'billing.subscribe', { priceId: 'boutique-year', price: 143040 }, h);
    const token = checkoutToken(started.data.checkoutUrl);
    expect((await trpcQuery(t, 'billing.checkout', { token }, h)).data).toMatchObject({
      amount: 143040,
      interval: 'year',
    });
    expect((await trpcMutation(t, 'billing.pay', { token }, h)).data).toEqual({
      redirectUrl: '/plan?checkout=success',
    });
    const sub = await trpcQuery(t, 'billing.subscription', undefined, h);
    expect(sub.data.product.price.id).toBe('boutique-year');
    const invoices = await trpcQuery(t, 'billing.invoices', undefined, h);
    expect(invoices.data.count).toBe(1);
    const invoice = await trpcQuery(t, 'billing.invoice', { id: invoices.data.results[0].id }, h);
    expect(invoice.data.total).toBe(143040);
    expect((await trpcQuery(t, 'billing.oneTimePurchases', { limit: -1 }, h)).data.count).toBe(0);
    const member2 = await createMember(t, owner2);
    const refused = await trpcMutation(t, 'billing.cancel', { immediately: false }, authHeader(member2.access));
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(BILLING_MESSAGES.askAdmin);
  });
});
