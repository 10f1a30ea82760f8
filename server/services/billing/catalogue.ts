import fs from 'node:fs';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  type AddonKind,
  ADDON_CODES,
  type BillingInterval,
  BILLING_INTERVALS,
  PLAN_CODES,
  priceIdentifier,
  yearlyFromMonthly,
} from '@shared/billing.js';
import type { Db } from '../../db/connect.js';

/**
 * The catalogue: plans with their limits and prices, and the add-on prices. The default below is the
 * product's price list; BILLING_CATALOGUE_FILE names a JSON file of the same shape that replaces it. At
 * every boot the catalogue is written to the billing tables (prices changed, added or withdrawn), so a
 * price is changed by configuration and a restart. Amounts are integer minor units.
 */

const amount = z.number().int().min(0).max(100_000_000);
const price = z.object({
  unitAmount: amount,
  /** The Stripe price this one is sold as when Stripe is configured. */
  stripePriceId: z.string().trim().min(1).max(255).nullable().optional().default(null),
});
const prices = z.object({ month: price, year: price });
const limit = z.number().int().min(-1).max(100_000);

export const catalogueSchema = z
  .object({
    currency: z.literal('gbp').default('gbp'),
    plans: z
      .array(
        z.object({
          code: z.enum(PLAN_CODES as [string, ...string[]]),
          name: z.string().trim().min(1).max(64),
          /** -1: unlimited. */
          projects: limit,
          members: limit,
          /** The add-ons the plan sells. */
          addons: z.array(z.enum(['project', 'member'])).default([]),
          prices,
        }),
      )
      .min(1),
    addons: z.object({ project: prices, member: prices }),
  })
  .superRefine((c, ctx) => {
    const codes = c.plans.map((p) => p.code);
    if (new Set(codes).size !== codes.length)
      ctx.addIssue({ code: 'custom', message: 'Each plan code may appear once.' });
    const free = c.plans.find((p) => p.code === 'free');
    if (!free) ctx.addIssue({ code: 'custom', message: 'The catalogue needs the free plan.' });
    else if (free.prices.month.unitAmount !== 0 || free.prices.year.unitAmount !== 0)
      ctx.addIssue({ code: 'custom', message: 'The free plan costs 0.' });
  });
export type Catalogue = z.output<typeof catalogueSchema>;

const priced = (month: number) => ({
  month: { unitAmount: month, stripePriceId: null },
  year: { unitAmount: yearlyFromMonthly(month), stripePriceId: null },
});

export const DEFAULT_CATALOGUE: Catalogue = {
  currency: 'gbp',
  plans: [
    { code: 'free', name: 'FREE', projects: 2, members: 0, addons: [], prices: priced(0) },
    {
      code: 'boutique',
      name: 'Boutique',
      projects: 3,
      members: 1,
      addons: ['project', 'member'],
      prices: priced(14900),
    },
    {
      code: 'bulge_bracket',
      name: 'Bulge-Bracket',
      projects: -1,
      members: 1,
      addons: ['member'],
      prices: priced(49900),
    },
  ],
  addons: { project: priced(4900), member: priced(2900) },
};

/** The configured catalogue: the file's when one is named (refused at boot when invalid), else the default. */
export function loadCatalogue(file: string | undefined): Catalogue {
  if (!file) return DEFAULT_CATALOGUE;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`BILLING_CATALOGUE_FILE ${file} cannot be read as JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(catalogue)'}: ${i.message}`).join('\n');
    throw new Error(`BILLING_CATALOGUE_FILE ${file} is not a valid catalogue:\n${lines}`);
  }
  return parsed.data;
}

const CATALOGUE_LOCK = 7_411_011;

interface PriceRow {
  code: string;
  productId: number | null;
  kind: 'plan' | 'addon_project' | 'addon_member';
  billingInterval: BillingInterval;
  unitAmount: number;
  currency: string;
  stripePriceId: string | null;
}

/**
 * Writes the catalogue to the billing tables in one transaction: products and prices upserted by code,
 * those no longer offered marked inactive (subscriptions on them keep their rows).
 */
export async function seedCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two servers booting at once write the same rows: one after the other.
    await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`.execute(trx);
    const rows: PriceRow[] = [];
    for (const plan of catalogue.plans) {
      const product = await trx
        .insertInto('billingProducts')
        .values({
          code: plan.code,
          name: plan.name,
          projectsAllowed: plan.projects,
          membersAllowed: plan.members,
          addonProjects: plan.addons.includes('project'),
          addonMembers: plan.addons.includes('member'),
          isActive: true,
          updatedAt: new Date(),
        })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            projectsAllowed: eb.ref('excluded.projectsAllowed'),
            membersAllowed: eb.ref('excluded.membersAllowed'),
            addonProjects: eb.ref('excluded.addonProjects'),
            addonMembers: eb.ref('excluded.addonMembers'),
            isActive: true,
            updatedAt: new Date(),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const interval of BILLING_INTERVALS)
        rows.push({
          code: priceIdentifier(plan.code as (typeof PLAN_CODES)[number], interval),
          productId: product.id,
          kind: 'plan',
          billingInterval: interval,
          unitAmount: plan.prices[interval].unitAmount,
          currency: catalogue.currency,
          stripePriceId: plan.prices[interval].stripePriceId,
        });
    }
    for (const kind of ['project', 'member'] as AddonKind[])
      for (const interval of BILLING_INTERVALS)
        rows.push({
          code: priceIdentifier(ADDON_CODES[kind], interval),
          productId: null,
          kind: ADDON_CODES[kind],
          billingInterval: interval,
          unitAmount: catalogue.addons[kind][interval].unitAmount,
          currency: catalogue.currency,
          stripePriceId: catalogue.addons[kind][interval].stripePriceId,
        });
    for (const row of rows)
      await trx
        .insertInto('billingPrices')
        .values({ ...row, isActive: true, updatedAt: new Date() })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            productId: eb.ref('excluded.productId'),
            kind: eb.ref('excluded.kind'),
            billingInterval: eb.ref('excluded.billingInterval'),
            unitAmount: eb.ref('excluded.unitAmount'),
            currency: eb.ref('excluded.currency'),
            stripePriceId: eb.ref('excluded.stripePriceId'),
            isActive: true,
            updatedAt: new Date(),
          })),
        )
        .execute();
    const planCodes = catalogue.plans.map((p) => p.code);
    await trx.updateTable('billingProducts').set({ isActive: false }).where('code', 'not in', planCodes).execute();
    await trx
      .updateTable('billingPrices')
      .set({ isActive: false })
      .where(
        'code',
        'not in',
        rows.map((r) => r.code),
      )
      .execute();
  });
}
