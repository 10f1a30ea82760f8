import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@shared/billing.js';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import { PROJECT_MESSAGES } from '@shared/schemas/projects.js';
import { applyBillingEvent } from '@server/commands/billing/apply-billing-event.js';
import { saveSignature } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { endPeriod, subscribeAndPay, upgrade } from '@tests/support/billing.js';
import { createMember, createOwner, createSigner, type TestUser, uniqueEmail } from '@tests/support/factories.js';
import { connected, nextMessage, openSocket } from '@tests/support/negotiation.js';
import { api, createProject, expectStatus } from '@tests/support/projects.js';

// Add-ons, the limits they set (projects, team seats) with the owner's and the team member's messages,
// cancel and renew, the built-in period worker, and provider events applied once.

let t: TestApp;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

async function signedOwner(company: string): Promise<TestUser> {
  const owner = await createOwner(t, { company_name: company });
  await saveSignature(t, owner);
  return owner;
}
const companyOf = (u: TestUser) => u.user.company!;
const sub = async (u: TestUser) => (await api(t, 'GET', '/billing/subscription/', u)).body;
const invite = (owner: TestUser, email = uniqueEmail('seat')) =>
  api(t, 'POST', '/members/', owner, { json: { email } });

describe('the project limit', () => {
  it('refuses a Free owner’s third project with the credits message, and a team member’s with the ask-your-admin one; Boutique allows it', async () => {
    const owner = await signedOwner('Free Then Boutique Ltd');
    const member = await createMember(t, owner);
    await createProject(t, owner, { name: 'One' });
    await createProject(t, member, { name: 'Two' });
    const third = await api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Three' } });
    expectStatus(third, 400);
    expect(third.body).toEqual({ nonFieldErrors: [PROJECT_MESSAGES.notEnoughCredits], code: 'plan_limit_projects' });
    const byMember = await api(t, 'POST', '/projects/projects/', member, { json: { name: 'Three' } });
    expectStatus(byMember, 400);
    expect(byMember.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.askAdmin], code: 'plan_limit_projects' });

    await subscribeAndPay(t, owner, 'boutique-month');
    await createProject(t, owner, { name: 'Three' });
    const fourth = await api(t, 'POST', '/projects/projects/', member, { json: { name: 'Four' } });
    expect(fourth.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.askAdmin], code: 'plan_limit_projects' });

    // An extra project bought lifts the limit by one.
    const up = await upgrade(t, owner, [{ item_price_id: 'addon_project-month', quantity: 1 }]);
    expectStatus(up, 200);
    expect(up.body).toMatchObject({ projectAllowed: 4, projectsUsed: 3, additionalProjects: 1 });
    await createProject(t, member, { name: 'Four' });
    expectStatus(await api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Five' } }), 400);
  });

  it('has none on Bulge-Bracket, which sells no project add-ons', async () => {
    const owner = await signedOwner('Unlimited Partners');
    await subscribeAndPay(t, owner, 'bulge_bracket-month');
    for (const name of ['A', 'B', 'C', 'D']) await createProject(t, owner, { name });
    expect(await sub(owner)).toMatchObject({ projectAllowed: -1, projectsUsed: 4, additionalProjects: 0 });
    const res = await upgrade(t, owner, [{ item_price_id: 'addon_project-month', quantity: 1 }]);
    expectStatus(res, 400);
    expect(res.body).toEqual({ addon: [BILLING_MESSAGES.projectsUnlimited], code: 'price_unknown' });
  });
});

describe('add-ons', () => {
  let owner: TestUser;
  let member: TestUser;
  let signer: TestUser;

  beforeAll(async () => {
    owner = await signedOwner('Seats And Extras LLP');
    member = await createMember(t, owner);
    signer = await createSigner(t, owner, 'Buyer Holdings SA');
    await subscribeAndPay(t, owner, 'boutique-month');
  });

  it('needs a change: nothing, or the same totals, is “Select quantity…”', async () => {
    for (const addon of [[], [{ item_price_id: 'addon_member-month', quantity: 0 }]]) {
      const res = await upgrade(t, owner, addon);
      expectStatus(res, 400);
      expect(res.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.selectQuantity], code: 'nothing_to_change' });
    }
  });

  it('refuses unknown prices, another interval’s, repeated ones and quantities outside 0 to 999', async () => {
    for (const addon of [
      [{ item_price_id: 'addon_member-year', quantity: 1 }],
      [{ item_price_id: 'boutique-month', quantity: 1 }],
      [{ item_price_id: 'addon_seat-month', quantity: 1 }],
      [
        { item_price_id: 'addon_member-month', quantity: 1 },
        { item_price_id: 'addon_member-month', quantity: 2 },
      ],
      [{ item_price_id: 'addon_member-month', quantity: 1000 }],
      [{ item_price_id: 'addon_member-month', quantity: -1 }],
      [{ item_price_id: 'addon_member-month', quantity: 1.5 }],
    ])
      expectStatus(await upgrade(t, owner, addon), 400);
  });

  it('is the owner’s: a team member gets 403 with the ask-your-admin message, a signer 404', async () => {
    const res = await upgrade(t, member, [{ item_price_id: 'addon_member-month', quantity: 1 }]);
    expectStatus(res, 403);
    expect(res.body).toEqual({ detail: BILLING_MESSAGES.askAdmin, code: 'owner_only' });
    expectStatus(await upgrade(t, signer, [{ item_price_id: 'addon_member-month', quantity: 1 }]), 404);
    expectStatus(await upgrade(t, null, [{ item_price_id: 'addon_member-month', quantity: 1 }]), 401);
  });

  it('raises the seat limit, charges the seats added at once and records the purchase; the same totals again change nothing', async () => {
    // Boutique's one seat is taken by the member: the next invitation is refused.
    const full = await invite(owner);
    expectStatus(full, 400);
    expect(full.body).toEqual({ nonFieldErrors: [ACCOUNT_MESSAGES.notEnoughMembers], code: 'plan_limit_members' });

    const res = await upgrade(t, owner, [
      { item_price_id: 'addon_member-month', quantity: 2 },
      { item_price_id: 'addon_project-month', quantity: 0 },
    ]);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      memberAllowed: 3,
      membersUsed: 1,
      addon: [
        {
          price: { id: 'addon_member-month', unitAmount: 2900, interval: 'month', currency: 'gbp' },
          quantity: 2,
          kind: 'member',
        },
      ],
    });
    expectStatus(await invite(owner), 201);
    expectStatus(await invite(owner), 201);
    expectStatus(await invite(owner), 400);

    const invoices = (await api(t, 'GET', '/billing/invoice/', owner)).body;
    expect(invoices.count).toBe(2);
    expect(invoices.results[0]).toMatchObject({
      total: 5800,
      lines: [{ description: 'Extra team member, billed per month', quantity: 2, amount: 5800 }],
    });
    const purchases = await api(t, 'GET', '/billing/one-time-purchases/?limit=-1', owner);
    expectStatus(purchases, 200);
    expect(purchases.body.results).toEqual([
      { id: expect.any(Number), kind: 'member', quantity: 2, created: expect.any(String) },
    ]);
    expect((await api(t, 'GET', '/billing/one-time-purchases/', member)).body).toEqual(purchases.body);
    expectStatus(await api(t, 'GET', '/billing/one-time-purchases/', signer), 404);

    const same = await upgrade(t, owner, [{ item_price_id: 'addon_member-month', quantity: 2 }]);
    expect(same.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.selectQuantity], code: 'nothing_to_change' });
    expect((await api(t, 'GET', '/billing/invoice/', owner)).body.count).toBe(2);
  });

  it('keeps at least the seats in use: “Maximum downgrade available till N”', async () => {
    // Three members on 1 plan seat + 2 add-ons: no add-on may go.
    const res = await upgrade(t, owner, [{ item_price_id: 'addon_member-month', quantity: 1 }]);
    expectStatus(res, 400);
    expect(res.body).toEqual({
      nonFieldErrors: ['Maximum downgrade available till 2'],
      code: 'billing_change_invalid',
    });
    // Seats granted by support count towards the bound.
    await t.core.db.updateTable('companies').set({ extraMembers: 1 }).where('id', '=', companyOf(owner)).execute();
    const down = await upgrade(t, owner, [{ item_price_id: 'addon_member-month', quantity: 1 }]);
    expectStatus(down, 200);
    expect(down.body).toMatchObject({ memberAllowed: 3, membersUsed: 3 });
    // No charge and no purchase for going down.
    expect((await api(t, 'GET', '/billing/one-time-purchases/', owner)).body.count).toBe(1);
  });
});

describe('cancel, renew and the end of a period', () => {
  it('cancels at the period end, keeps the plan until then, renews, and ends on Free once the date passes', async () => {
    const owner = await signedOwner('Leaving Soon Ltd');
    const member = await createMember(t, owner);
    const started = await subscribeAndPay(t, owner, 'boutique-month');

    const s = openSocket(url, member.access, open);
    await connected(s);
    const heard = nextMessage(s, 'billing.changed');

    const refused = await api(t, 'POST', '/billing/subscription/cancel/', member, { json: { immediately: false } });
    expectStatus(refused, 403);
    expect(refused.body).toEqual({ detail: BILLING_MESSAGES.askAdmin, code: 'owner_only' });
    expectStatus(await api(t, 'POST', '/billing/subscription/cancel/', owner, { json: { immediately: true } }), 400);

    const cancelled = await api(t, 'POST', '/billing/subscription/cancel/', owner, { json: { immediately: false } });
    expectStatus(cancelled, 200);
    expect(cancelled.body).toEqual({ detail: { cancelAtPeriodEnd: true, cancelAt: started.currentPeriodEnd } });
    expect(await heard).toEqual({ company: companyOf(owner) });
    expect((await api(t, 'POST', '/billing/subscription/cancel/', owner)).body).toEqual(cancelled.body);
    expect(await sub(owner)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelAt: started.currentPeriodEnd,
      projectAllowed: 3,
    });

    expectStatus(await api(t, 'POST', '/billing/subscription/renew/', member), 403);
    const renewed = await api(t, 'POST', '/billing/subscription/renew/', owner);
    expectStatus(renewed, 200);
    expect(renewed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelAt: null });
    const again = await api(t, 'POST', '/billing/subscription/renew/', owner);
    expectStatus(again, 400);
    expect(again.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.notCancelled], code: 'plan_not_cancelled' });

    // Cancelled again, and the date passes: the worker puts the company back on Free.
    await api(t, 'POST', '/billing/subscription/cancel/', owner);
    for (const name of ['One', 'Two', 'Three']) await createProject(t, owner, { name });
    await endPeriod(t, companyOf(owner));
    await t.billingPeriods.drain();
    expect(await sub(owner)).toMatchObject({
      status: null,
      product: null,
      projectAllowed: 2,
      projectsUsed: 3,
      memberAllowed: 0,
    });
    // Its projects stay; a new one is refused.
    expectStatus(await api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Four' } }), 400);
    expect((await api(t, 'GET', '/billing/invoice/', owner)).body.count).toBe(1);
    // And it may subscribe again.
    expect((await subscribeAndPay(t, owner, 'boutique-month')).status).toBe('active');
  });

  it('renews an active built-in subscription whose period ended, invoicing the plan and its add-ons once', async () => {
    const owner = await signedOwner('Renewing Ltd');
    const before = await subscribeAndPay(t, owner, 'boutique-month');
    await upgrade(t, owner, [{ item_price_id: 'addon_project-month', quantity: 2 }]);
    await endPeriod(t, companyOf(owner));
    await Promise.all([t.billingPeriods.drain(), t.billingPeriods.drain()]);
    const after = await sub(owner);
    expect(after).toMatchObject({ status: 'active', projectAllowed: 5 });
    expect(new Date(after.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect(after.currentPeriodEnd).not.toBe(before.currentPeriodEnd);
    const invoices = (await api(t, 'GET', '/billing/invoice/', owner)).body;
    expect(invoices.count).toBe(3);
    expect(invoices.results[0]).toMatchObject({
      total: 14900 + 2 * 4900,
      lines: [
        { description: 'Boutique plan, billed per month', quantity: 1, amount: 14900 },
        { description: 'Extra project, billed per month', quantity: 2, amount: 9800 },
      ],
    });
    // A renewal is not a purchase.
    expect((await api(t, 'GET', '/billing/one-time-purchases/', owner)).body.count).toBe(1);
  });
});

describe('applyBillingEvent', () => {
  it('applies an event once, and leaves one for a subscription it does not know unrecorded', async () => {
    const owner = await signedOwner('Evented Ltd');
    await subscribeAndPay(t, owner, 'boutique-month');
    const row = await t.core.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('companyId', '=', companyOf(owner))
      .executeTakeFirstOrThrow();
    const event = {
      type: 'invoice.paid' as const,
      eventId: 'evt_repeat_1',
      provider: 'builtin' as const,
      providerInvoiceId: 'in_repeat_1',
      providerSubscriptionId: row.providerSubscriptionId,
      number: 'EXT-1',
      total: 2900,
      currency: 'GBP',
      created: new Date(),
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      hostedInvoiceUrl: 'https://invoices.example.com/in_repeat_1',
      lines: [{ description: 'Extra team member', quantity: 1, amount: 2900 }],
    };
    expect(await applyBillingEvent(t.core, event)).toBe('applied');
    expect(await applyBillingEvent(t.core, event)).toBe('duplicate');
    const invoices = (await api(t, 'GET', '/billing/invoice/', owner)).body;
    expect(invoices.count).toBe(2);
    expect(invoices.results.find((i: { number: string }) => i.number === 'EXT-1')).toMatchObject({
      total: 2900,
      currency: 'gbp',
      hostedInvoiceUrl: 'https://invoices.example.com/in_repeat_1',
    });

    const update = {
      type: 'subscription.updated' as const,
      eventId: 'evt_update_1',
      provider: 'builtin' as const,
      providerSubscriptionId: row.providerSubscriptionId,
      status: 'active' as const,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: row.currentPeriodEnd,
      priceId: 'boutique-month',
      addons: [{ priceId: 'addon_member-month', quantity: 3 }],
    };
    expect(await applyBillingEvent(t.core, update)).toBe('applied');
    expect(await applyBillingEvent(t.core, { ...update, eventId: 'evt_update_2' })).toBe('applied');
    expect(await sub(owner)).toMatchObject({ memberAllowed: 4 });
    expect((await api(t, 'GET', '/billing/one-time-purchases/', owner)).body.results).toEqual([
      expect.objectContaining({ kind: 'member', quantity: 3 }),
    ]);

    const unknown = { ...event, eventId: 'evt_unknown', providerSubscriptionId: 'sub_nobody' };
    expect(await applyBillingEvent(t.core, unknown)).toBe('unknown');
    const recorded = await t.core.db
      .selectFrom('billingEvents')
      .select('eventId')
      .where('eventId', '=', 'evt_unknown')
      .execute();
    expect(recorded).toEqual([]);

    const deleted = {
      type: 'subscription.deleted' as const,
      eventId: 'evt_del',
      provider: 'builtin' as const,
      providerSubscriptionId: row.providerSubscriptionId,
    };
    expect(await applyBillingEvent(t.core, deleted)).toBe('applied');
    expect(await sub(owner)).toMatchObject({ product: null, memberAllowed: 0, projectAllowed: 2 });
    // A late update does not bring an ended subscription back.
    expect(await applyBillingEvent(t.core, { ...update, eventId: 'evt_late' })).toBe('applied');
    expect((await sub(owner)).product).toBeNull();
  });
});
