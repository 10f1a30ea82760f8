import { describe, expect, it } from 'vitest';
import { possessive } from '@shared/possessive';

describe('possessive', () => {
  it('adds ’s to a name', () => {
    expect(possessive('Northwind Capital')).toBe('Northwind Capital’s');
    expect(possessive('Claire Morgan')).toBe('Claire Morgan’s');
  });

  it('adds the apostrophe alone to a name ending in s, whatever its case', () => {
    expect(possessive('Kestrel Partners')).toBe('Kestrel Partners’');
    expect(possessive('ACME HOLDINGS')).toBe('ACME HOLDINGS’');
  });

  it('ignores spaces around the name', () => {
    expect(possessive(' Kestrel Partners ')).toBe('Kestrel Partners’');
  });
});
