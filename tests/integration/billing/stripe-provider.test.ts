import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { DEFAULT_CATALOGUE } from '@server/services/billing/catalogue.js';
import type { InvoiceDto } from '@shared/schemas/billing.js';
import { STRIPE_WEBHOOK_MESSAGES } from '@server/rest/stripe-webhook.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { FakeStripeServer, type FakePrice } from '@tests/support/fake-stripe-server.js';
import { get, post, authHeader } from '@tests/support/http.js';
import { SETUP_MS, waitFor } from '@tests/support/wait.js';

/**
 * The Stripe provider against a local server that speaks Stripe's REST API to the official package and
 * sends webhooks signed by the package's own helper: what the provider asks Stripe for, and how our
 * subscription follows the events Stripe sends back.
 */

const API_KEY = 'sk_test_51NdaWorkspaceLocalKey';
const WEBHOOK_SECRET = 'whsec_nda_workspace_local_secret';
const INTERVALS = ['month', 'year'] as const;

let fake: FakeStripeServer;
let t: TestApp;
let dir: string;
/** Stripe prices by our price identifier (boutique-month, addon_member-year, …). */
const prices: Record<string, FakePrice> = {};
let owner: TestUser;
let subscriptionId: string;

const as = (who: TestUser) => authHeader(who.access);
const subscription = async (who = owner) => {
  const res = await get(t, '/billing/subscription/', as(who));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const invoices = async (who = owner) => {
  const res = await get(t, '/billing/invoice/?limit=-1', as(who));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as InvoiceDto[];
};
const rowCount = async (table: 'billingEvents' | 'invoices' | 'subscriptions') =>
  Number(
    (
      await t.core.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What the provider sent in its last request to a path. */
const lastRequest = (method: string, requestPath: string) => {
  const found = fake.requestsTo(method, requestPath).at(-1);
  expect(found, `no ${method} ${requestPath}`).toBeDefined();
  return found!;
};

/** Subscribes through the API and pays on the fake's checkout; answers the Stripe subscription id. */
async function subscribe(who: TestUser, priceId: string, order?: Parameters<FakeStripeServer['completeCheckout']>[1]) {
  const res = await post(t, '/billing/subscription/subscribe/', { price_id: priceId }, as(who));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = String(res.body.checkoutUrl).split('/').at(-1)!;
  const done = await fake.completeCheckout(sessionId, order);
  for (const d of done.deliveries) expect(d.status, `${d.type}: ${d.body}`).toBe(200);
  return { checkoutUrl: String(res.body.checkoutUrl), sessionId, ...done };
}

beforeAll(async () => {
  fake = await FakeStripeServer.start({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  // The catalogue as an operator configures it: every paid price made in Stripe and its id put in the file.
  const catalogue = structuredClone(DEFAULT_CATALOGUE);
  for (const plan of catalogue.plans)
    for (const interval of INTERVALS) {
      if (plan.code === 'free') continue;
      const price = fake.addPrice({ unitAmount: plan.prices[interval].unitAmount, interval, productName: plan.name });
      plan.prices[interval].stripePriceId = price.id;
      prices[`${plan.code}-${interval}`] = price;
    }
  for (const [kind, name] of [
    ['project', 'Extra project'],
    ['member', 'Extra team member'],
  ] as const)
    for (const interval of INTERVALS) {
      const addon = catalogue.addons[kind][interval];
      const price = fake.addPrice({ unitAmount: addon.unitAmount, interval, productName: name });
      addon.stripePriceId = price.id;
      prices[`addon_${kind}-${interval}`] = price;
    }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-billing-'));
  const catalogueFile = path.join(dir, 'catalogue.json');
  fs.writeFileSync(catalogueFile, JSON.stringify(catalogue, null, 2));
  // Configured as in production, through the environment (STRIPE_API_BASE points at the local server).
  const { billing } = loadConfig(
    {
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: API_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      BILLING_CATALOGUE_FILE: catalogueFile,
    },
    { dataDir: dir },
  );
  t = await startTestApp({ billing });
  const base = await t.listen();
  fake.webhookUrl = `${base}/api/v1/billing/stripe/webhook/`;
  owner = await createOwner(t);
}, SETUP_MS);

afterAll(async () => {
  await fake?.close();
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('billing through Stripe', () => {
  it('subscribes through a Checkout Session, and the signed webhooks activate the plan and list its paid invoice', async () => {
    const before = await subscription();
    expect(before.product).toBeNull();

    const done = await subscribe(owner, 'boutique-month');
    subscriptionId = done.subscription.id;

    // The owner is sent to Stripe's checkout page for the session the provider created.
    expect(done.checkoutUrl).toBe(`${fake.url}/c/pay/${done.sessionId}`);
    expect(done.sessionId).toMatch(/^cs_test_/);
    const created = lastRequest('POST', '/v1/checkout/sessions');
    expect(created.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(created.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: prices['boutique-month']!.id, quantity: '1' }],
      customer_email: owner.email,
      metadata: { company_id: String(owner.user.company) },
    });
    expect(created.params.client_reference_id).toEqual(expect.any(String));
    expect(created.params.metadata.checkout_id).toBe(created.params.client_reference_id);
    expect(created.params.subscription_data.metadata.checkout_id).toBe(created.params.client_reference_id);
    expect(created.params.success_url).toMatch(/^http:\/\/localhost:\d+\/plan\?checkout=success/);
    expect(created.params.cancel_url).toMatch(/^http:\/\/localhost:\d+\/plan/);

    const sub = await subscription();
    expect(sub).toMatchObject({
      status: 'active',
      provider: 'stripe',
      product: { code: 'boutique', price: { id: 'boutique-month', unitAmount: 14900, interval: 'month' } },
      projectAllowed: 3,
      memberAllowed: 1,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      pendingCheckout: false,
    });
    const periodEnd = done.subscription.items.data[0].current_period_end;
    expect(new Date(sub.currentPeriodEnd).getTime()).toBe(periodEnd * 1000);

    const list = await invoices();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      number: done.invoice.number,
      total: 14900,
      paid: true,
      hostedInvoiceUrl: `${fake.url}/i/${done.invoice.id}`,
      lines: [{ description: '1 × Boutique (at £149.00 / month)', quantity: 1, amount: 14900 }],
    });
    // The hosted invoice page is Stripe's and answers.
    expect((await fetch(list[0]!.hostedInvoiceUrl)).status).toBe(200);
  });

  it('sends the add-on quantities to Stripe as subscription items, and the limits follow subscription.updated', async () => {
    const res = await post(
      t,
      '/billing/subscription-edit/upgrade/',
      {
        addon: [
          { item_price_id: 'addon_member-month', quantity: 2 },
          { item_price_id: 'addon_project-month', quantity: 1 },
        ],
      },
      as(owner),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = lastRequest('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update.params).toEqual({
      items: expect.arrayContaining([
        { price: prices['addon_member-month']!.id, quantity: '2' },
        { price: prices['addon_project-month']!.id, quantity: '1' },
      ]),
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(update.params.items).toHaveLength(2);
    await fake.settled();
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'invoice.paid', status: 200 });
    const upgraded = await subscription();
    expect(upgraded).toMatchObject({ memberAllowed: 3, projectAllowed: 4 });
    expect(upgraded.addon).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'member',
          quantity: 2,
          price: expect.objectContaining({ id: 'addon_member-month' }),
        }),
        expect.objectContaining({
          kind: 'project',
          quantity: 1,
          price: expect.objectContaining({ id: 'addon_project-month' }),
        }),
      ]),
    );
    // The proration Stripe invoiced at once is listed with the plan's invoice.
    const list = await invoices();
    expect(list).toHaveLength(2);
    expect(list.map((i) => i.total)).toContain(fake.invoice(fake.subscription(subscriptionId)!.latest_invoice)!.total);

    // Fewer seats and no extra project: the item's quantity changes and the project item is removed.
    const items = fake.subscription(subscriptionId)!.items.data as Array<{ id: string; price: { id: string } }>;
    const itemOf = (priceId: string) => items.find((i) => i.price.id === prices[priceId]!.id)!.id;
    const down = await post(
      t,
      '/billing/subscription-edit/upgrade/',
      {
        addon: [
          { item_price_id: 'addon_member-month', quantity: 1 },
          { item_price_id: 'addon_project-month', quantity: 0 },
        ],
      },
      as(owner),
    );
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params.items).toEqual(
      expect.arrayContaining([
        { id: itemOf('addon_member-month'), quantity: '1' },
        { id: itemOf('addon_project-month'), deleted: 'true' },
      ]),
    );
    await fake.settled();
    expect(await subscription()).toMatchObject({ memberAllowed: 2, projectAllowed: 3 });
  });

  it('a declined card refuses the add-ons and changes nothing', async () => {
    const before = await subscription();
    const requests = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).length;
    fake.declineNextPayment = true;
    const res = await post(
      t,
      '/billing/subscription-edit/upgrade/',
      { addon: [{ item_price_id: 'addon_member-month', quantity: 5 }] },
      as(owner),
    );
    expect(res.status).toBe(400);
    expect(res.body.nonFieldErrors).toEqual(['Subscription failed', 'Your card was declined.']);
    expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(requests + 1);
    await fake.settled();
    expect(await subscription()).toMatchObject({ memberAllowed: before.memberAllowed, addon: before.addon });
  });

  it('cancels at the period end at Stripe and renews by withdrawing it', async () => {
    const res = await post(t, '/billing/subscription/cancel/', { immediately: false }, as(owner));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({ cancel_at_period_end: 'true' });
    const atStripe = fake.subscription(subscriptionId)!;
    expect(atStripe.cancel_at_period_end).toBe(true);
    expect(res.body.detail).toEqual({
      cancelAtPeriodEnd: true,
      cancelAt: new Date(atStripe.cancel_at * 1000).toISOString(),
    });
    await fake.settled();
    const cancelled = await subscription();
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, memberAllowed: 2 });
    expect(new Date(cancelled.cancelAt).getTime()).toBe(atStripe.cancel_at * 1000);

    const renewed = await post(t, '/billing/subscription/renew/', {}, as(owner));
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(fake.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await fake.settled();
    expect(await subscription()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelAt: null });
  });

  it('refuses a webhook whose signature is missing or wrong, and changes nothing', async () => {
    const events = await rowCount('billingEvents');
    const before = await subscription();
    // A forged end of the subscription: applied, it would put the company back on Free.
    const forged = JSON.stringify(
      {
        id: 'evt_forged_end',
        object: 'event',
        type: 'customer.subscription.deleted',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...fake.subscription(subscriptionId), status: 'canceled' } },
      },
      null,
      2,
    );
    const attempts: Array<[string, string | null, string]> = [
      ['no signature', null, STRIPE_WEBHOOK_MESSAGES.missingSignature],
      ['an empty signature', '', STRIPE_WEBHOOK_MESSAGES.missingSignature],
      ['another secret', fake.sign(forged, 'whsec_someone_else'), STRIPE_WEBHOOK_MESSAGES.badSignature],
      ['a header without a v1 signature', `t=${Math.floor(Date.now() / 1000)}`, STRIPE_WEBHOOK_MESSAGES.badSignature],
      [
        'a stale timestamp',
        fake.sign(forged, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
        STRIPE_WEBHOOK_MESSAGES.badSignature,
      ],
    ];
    for (const [what, signature, message] of attempts) {
      const res = await fake.post(forged, signature);
      expect(res.status, what).toBe(400);
      expect(JSON.parse(res.body), what).toEqual({ detail: message, code: 'webhook_invalid' });
    }
    // Signed, but the body is not the bytes that were signed (parsed and written again: the whitespace differs).
    const resent = await fake.post(JSON.stringify(JSON.parse(forged)), fake.sign(forged));
    expect(resent.status).toBe(400);
    expect(JSON.parse(resent.body)).toEqual({ detail: STRIPE_WEBHOOK_MESSAGES.badSignature, code: 'webhook_invalid' });

    expect(await rowCount('billingEvents')).toBe(events);
    expect(await subscription()).toEqual(before);
  });

  it('ignores an event delivered again: one invoice per renewal', async () => {
    const { invoice } = await fake.renewSubscription(subscriptionId);
    const paid = fake.deliveries.at(-1)!;
    expect(paid).toMatchObject({ type: 'invoice.paid', status: 200 });
    expect(JSON.parse(paid.body).outcomes).toEqual(['applied']);
    const count = (await invoices()).length;
    expect((await invoices()).map((i) => i.number)).toContain(invoice.number);

    const again = await fake.redeliver(paid.eventId);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).outcomes).toEqual(['duplicate']);
    expect(await invoices()).toHaveLength(count);
    const renewal = (await invoices()).find((i) => i.number === invoice.number)!;
    expect(renewal).toMatchObject({ total: 14900 + 2900, paid: true });
    expect(renewal.lines).toEqual([
      { description: '1 × Boutique (at £149.00 / month)', quantity: 1, amount: 14900 },
      { description: '1 × Extra team member (at £29.00 / month)', quantity: 1, amount: 2900 },
    ]);
  });

  it('a failed payment puts the subscription past due, and the next paid renewal makes it active again', async () => {
    await fake.failPayment(subscriptionId);
    expect(fake.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect(await subscription()).toMatchObject({ status: 'past_due', product: { code: 'boutique' } });
    // Only paid invoices are listed.
    expect((await invoices()).every((i) => i.paid)).toBe(true);

    await fake.renewSubscription(subscriptionId);
    expect(await subscription()).toMatchObject({ status: 'active' });
  });

  it('acknowledges events it does not handle without acting on them', async () => {
    const events = await rowCount('billingEvents');
    const payload = JSON.stringify({
      id: 'evt_customer_created',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_other', object: 'customer' } },
    });
    const res = await fake.post(payload, fake.sign(payload));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ received: true, outcomes: [] });
    expect(await rowCount('billingEvents')).toBe(events);
  });

  it('ends on customer.subscription.deleted: the company is on Free again', async () => {
    await fake.endSubscription(subscriptionId);
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', status: 200 });
    const sub = await subscription();
    expect(sub.product).toBeNull();
    expect(sub).toMatchObject({ projectAllowed: 2, memberAllowed: 0, addon: [] });
    // The invoices already paid stay listed.
    expect((await invoices()).length).toBeGreaterThanOrEqual(4);
  });

  it('activates whatever order Stripe delivers the checkout’s events in', async () => {
    const other = await createOwner(t, { company_name: 'Late Webhooks LLP' });
    const done = await subscribe(other, 'bulge_bracket-year', [
      'invoice.paid',
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    // The invoice came first: the subscription's checkout was completed from its metadata, then the invoice recorded.
    expect(JSON.parse(done.deliveries[0]!.body).outcomes).toEqual(['applied']);
    expect(await subscription(other)).toMatchObject({
      status: 'active',
      product: { code: 'bulge_bracket', price: { id: 'bulge_bracket-year', interval: 'year' } },
      projectAllowed: -1,
      memberAllowed: 1,
    });
    const list = await invoices(other);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ total: 479040, hostedInvoiceUrl: `${fake.url}/i/${done.invoice.id}` });
  });

  it('answers 4xx to hostile bodies at the webhook and applies none of them', async () => {
    const events = await rowCount('billingEvents');
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const bodies: Array<[string, string]> = [
      ['NUL byte', '{"id":"evt_1\u0000","type":"invoice.paid","data":{"object":{}}}'],
      ['deep nesting', deep],
      ['garbage', '{"id": "evt_'],
      ['multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--\r\n'],
      ['empty', ''],
    ];
    for (const [what, body] of bodies) {
      for (const signature of [null, 't=1,v1=abc', fake.sign(body, 'whsec_wrong')]) {
        const res = await fake.post(
          body,
          signature,
          what === 'multipart' ? 'multipart/form-data; boundary=x' : undefined,
        );
        expect(res.status, `${what} ${signature}`).toBe(400);
        expect(JSON.parse(res.body).detail, what).toEqual(expect.any(String));
      }
    }
    // Correctly signed bytes that are no event at all.
    const signedGarbage = '[1,2,3]';
    const res = await fake.post(signedGarbage, fake.sign(signedGarbage));
    expect(res.status).toBe(400);
    await waitFor(
      () => rowCount('billingEvents'),
      (n) => n === events,
    );
  });
});
