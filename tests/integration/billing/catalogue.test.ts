import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@shared/billing.js';
import { seedCatalogue, DEFAULT_CATALOGUE } from '@server/services/billing/catalogue.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { api, expectStatus } from '@tests/support/projects.js';

// Prices by configuration: BILLING_CATALOGUE_FILE is written to the catalogue tables at boot, and a
// later catalogue updates them (prices changed, withdrawn ones no longer offered).

let t: TestApp;
let owner: TestUser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));

beforeAll(async () => {
  const custom = structuredClone(DEFAULT_CATALOGUE);
  custom.plans[1]!.prices.month = { unitAmount: 15900, stripePriceId: 'price_boutique_month' };
  const file = path.join(dir, 'catalogue.json');
  fs.writeFileSync(file, JSON.stringify(custom));
  t = await startTestApp({ billing: { catalogueFile: file, periodPollMs: 60_000 } });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const boutique = async () =>
  (await api(t, 'GET', '/billing/products/?limit=-1', owner)).body.results.find(
    (p: { code: string }) => p.code === 'boutique',
  );

describe('the configured catalogue', () => {
  it('sells at the configured price and refuses the old one the page may still show', async () => {
    expect((await boutique()).prices[0]).toEqual({
      id: 'boutique-month',
      unitAmount: 15900,
      interval: 'month',
      currency: 'gbp',
    });
    const stale = await api(t, 'POST', '/billing/subscription/subscribe/', owner, {
      json: { price_id: 'boutique-month', price: 14900 },
    });
    expectStatus(stale, 400);
    expect(stale.body).toEqual({ nonFieldErrors: [BILLING_MESSAGES.priceChanged], code: 'price_changed' });
    const row = await t.core.db
      .selectFrom('billingPrices')
      .select('stripePriceId')
      .where('code', '=', 'boutique-month')
      .executeTakeFirstOrThrow();
    expect(row.stripePriceId).toBe('price_boutique_month');
  });

  it('is rewritten by the next boot’s catalogue: a plan left out is no longer offered', async () => {
    await seedCatalogue(t.core.db, { ...DEFAULT_CATALOGUE, plans: DEFAULT_CATALOGUE.plans.slice(0, 2) });
    const codes = (await api(t, 'GET', '/billing/products/', owner)).body.results.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['free', 'boutique']);
    expect((await boutique()).prices[0].unitAmount).toBe(14900);
    expectStatus(
      await api(t, 'POST', '/billing/subscription/subscribe/', owner, { json: { price_id: 'bulge_bracket-month' } }),
      400,
    );
  });
});
