import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { annualDiscountPercent } from '@shared/billing.js';
import { DEFAULT_CATALOGUE, loadCatalogue } from '@server/services/billing/catalogue.js';

// BILLING_CATALOGUE_FILE: the catalogue by configuration, validated before the server starts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(content: unknown): string {
  const p = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

describe('loadCatalogue', () => {
  it('is the default without a file: annual prices 20% below twelve months', () => {
    expect(loadCatalogue(undefined)).toBe(DEFAULT_CATALOGUE);
    for (const plan of DEFAULT_CATALOGUE.plans.filter((p) => p.code !== 'free'))
      expect(annualDiscountPercent(plan.prices.month.unitAmount, plan.prices.year.unitAmount)).toBe(20);
  });

  it('reads a file of the same shape, with Stripe price ids', () => {
    const custom = structuredClone(DEFAULT_CATALOGUE);
    custom.plans[1]!.prices.month = { unitAmount: 15900, stripePriceId: 'price_boutique_month' };
    const loaded = loadCatalogue(file(custom));
    expect(loaded.plans[1]!.prices.month).toEqual({ unitAmount: 15900, stripePriceId: 'price_boutique_month' });
    expect(loaded.plans[2]!.prices.month.stripePriceId).toBeNull();
  });

  it('refuses a file that is not JSON, a fractional or negative amount, an unknown plan and a paid Free plan', () => {
    expect(() => loadCatalogue(file('{ not json'))).toThrow(/cannot be read as JSON/);
    const fraction = structuredClone(DEFAULT_CATALOGUE);
    fraction.addons.member.month.unitAmount = 29.5;
    expect(() => loadCatalogue(file(fraction))).toThrow(/addons\.member\.month\.unitAmount/);
    const negative = structuredClone(DEFAULT_CATALOGUE);
    negative.plans[1]!.prices.year.unitAmount = -1;
    expect(() => loadCatalogue(file(negative))).toThrow(/not a valid catalogue/);
    expect(() =>
      loadCatalogue(file({ ...DEFAULT_CATALOGUE, plans: [{ ...DEFAULT_CATALOGUE.plans[1], code: 'gold' }] })),
    ).toThrow(/plans\.0\.code/);
    const paidFree = structuredClone(DEFAULT_CATALOGUE);
    paidFree.plans[0]!.prices.month.unitAmount = 100;
    expect(() => loadCatalogue(file(paidFree))).toThrow(/free plan costs 0/);
    expect(() => loadCatalogue(file({ ...DEFAULT_CATALOGUE, plans: DEFAULT_CATALOGUE.plans.slice(1) }))).toThrow(
      /needs the free plan/,
    );
  });
});
