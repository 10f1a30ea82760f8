import { describe, expect, it } from 'vitest';
import {
  allowedMembers,
  allowedProjects,
  annualDiscountPercent,
  boutiqueNoteShown,
  clampQuantity,
  formatMoney,
  formatTaxRate,
  hasRoom,
  maxDowngradeMessage,
  memberCost,
  minMemberAddon,
  minProjectAddon,
  priceIdentifier,
  remaining,
  taxIncluded,
  UNLIMITED,
  yearlyFromMonthly,
} from '@shared/billing.js';

// The price and limit rules of shared/billing.ts (accounts spec sections 5 and 9).

describe('formatMoney', () => {
  it('shows minor units with the currency symbol and two decimals', () => {
    expect(formatMoney(14900)).toBe('£149.00');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(479040)).toBe('£4,790.40');
    expect(formatMoney(-2900)).toBe('-£29.00');
    expect(formatMoney(2900, 'usd')).toBe('$29.00');
    expect(formatMoney(2900, 'CHF')).toBe('CHF 29.00');
  });
});

describe('memberCost', () => {
  it('is quantity times unit price in minor units, never negative', () => {
    expect(memberCost(3, 2900)).toBe(8700);
    expect(memberCost(0, 2900)).toBe(0);
    expect(memberCost(-2, 2900)).toBe(0);
  });
});

describe('annual prices', () => {
  it('are twelve months less 20%, shown as -20%', () => {
    expect(yearlyFromMonthly(14900)).toBe(143040);
    expect(yearlyFromMonthly(49900)).toBe(479040);
    expect(yearlyFromMonthly(4900)).toBe(47040);
    expect(yearlyFromMonthly(2900)).toBe(27840);
    expect(annualDiscountPercent(14900, 143040)).toBe(20);
    expect(annualDiscountPercent(2900, 2900 * 12)).toBe(0);
    expect(annualDiscountPercent(0, 0)).toBe(0);
  });
});

describe('limits', () => {
  it('add extras to the plan’s allowance; unlimited stays unlimited', () => {
    expect(allowedProjects(2, 0)).toBe(2);
    expect(allowedProjects(3, 2)).toBe(5);
    expect(allowedProjects(UNLIMITED, 4)).toBe(UNLIMITED);
    expect(allowedMembers(0, 0)).toBe(0);
    expect(allowedMembers(1, 3)).toBe(4);
    expect(allowedMembers(1, -3)).toBe(1);
  });

  it('have room below the allowance, always when unlimited', () => {
    expect(hasRoom(2, 1)).toBe(true);
    expect(hasRoom(2, 2)).toBe(false);
    expect(hasRoom(0, 0)).toBe(false);
    expect(hasRoom(UNLIMITED, 10_000)).toBe(true);
    expect(remaining(3, 1)).toBe(2);
    expect(remaining(3, 5)).toBe(0);
    expect(remaining(UNLIMITED, 5)).toBeNull();
  });
});

describe('clampQuantity', () => {
  it('keeps whole numbers from 0 to 999', () => {
    expect(clampQuantity('12', 3)).toBe(12);
    expect(clampQuantity(999, 3)).toBe(999);
    expect(clampQuantity('1000', 3)).toBe(999);
    expect(clampQuantity('2.7', 3)).toBe(2);
  });
  it('ignores entries over 1000 and anything that is not a number; negatives become 0', () => {
    expect(clampQuantity('1001', 7)).toBe(7);
    expect(clampQuantity(50_000, 7)).toBe(7);
    expect(clampQuantity('-4', 7)).toBe(0);
    expect(clampQuantity('abc', 7)).toBe(7);
    expect(clampQuantity('', 7)).toBe(7);
    expect(clampQuantity(Number.NaN, 7)).toBe(7);
  });
});

describe('the downgrade bound', () => {
  it('keeps the seats and projects in use beyond the plan’s and the granted ones', () => {
    expect(minMemberAddon(3, 1)).toBe(2);
    expect(minMemberAddon(1, 1)).toBe(0);
    expect(minMemberAddon(3, 1, 1)).toBe(1);
    expect(minMemberAddon(0, 1)).toBe(0);
    expect(minProjectAddon(5, 3)).toBe(2);
    expect(minProjectAddon(5, 3, 4)).toBe(0);
    expect(minProjectAddon(50, UNLIMITED)).toBe(0);
    expect(maxDowngradeMessage(2)).toBe('Maximum downgrade available till 2');
  });
});

describe('boutiqueNoteShown', () => {
  it('shows when extra projects cost as much as the plan of the same interval', () => {
    expect(boutiqueNoteShown(3 * 4900, 14900)).toBe(false);
    expect(boutiqueNoteShown(4 * 4900, 14900)).toBe(true);
    expect(boutiqueNoteShown(14900, 14900)).toBe(true);
    expect(boutiqueNoteShown(0, 0)).toBe(false);
  });
});

describe('priceIdentifier', () => {
  it('names a price by product code and interval', () => {
    expect(priceIdentifier('boutique', 'month')).toBe('boutique-month');
    expect(priceIdentifier('addon_member', 'year')).toBe('addon_member-year');
  });
});

describe('taxIncluded', () => {
  it('splits a price paid into net and the tax it includes, to the nearest penny', () => {
    expect(taxIncluded(14900, 2000)).toEqual({ net: 12417, tax: 2483 });
    expect(taxIncluded(5800, 2000)).toEqual({ net: 4833, tax: 967 });
    expect(taxIncluded(479040, 2000)).toEqual({ net: 399200, tax: 79840 });
    expect(taxIncluded(14900, 0)).toEqual({ net: 14900, tax: 0 });
  });

  it('always adds back up to the gross', () => {
    for (const gross of [1, 99, 2900, 14900, 143040])
      for (const rate of [500, 1750, 2000, 2500]) {
        const { net, tax } = taxIncluded(gross, rate);
        expect(net + tax).toBe(gross);
      }
  });

  it('names the rate in percent', () => {
    expect(formatTaxRate(2000)).toBe('20%');
    expect(formatTaxRate(1750)).toBe('17.5%');
    expect(formatTaxRate(0)).toBe('0%');
  });
});
