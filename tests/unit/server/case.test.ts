import { describe, expect, it } from 'vitest';
import { camelizeKeys, toCamel } from '@server/case.js';

describe('toCamel', () => {
  it('turns snake_case into camelCase and leaves camelCase alone', () => {
    expect(toCamel('new_password1')).toBe('newPassword1');
    expect(toCamel('linkedin_link')).toBe('linkedinLink');
    expect(toCamel('id__gt')).toBe('idGt');
    expect(toCamel('companyName')).toBe('companyName');
    expect(toCamel('email')).toBe('email');
  });
});

describe('camelizeKeys', () => {
  it('renames keys deeply in objects and arrays', () => {
    expect(
      camelizeKeys({ first_name: 'A', addon: [{ item_price_id: 'p', quantity: 2 }], nested: { last_name: 'B' } }),
    ).toEqual({
      firstName: 'A',
      addon: [{ itemPriceId: 'p', quantity: 2 }],
      nested: { lastName: 'B' },
    });
  });

  it('leaves values (strings, numbers, null) unchanged', () => {
    expect(camelizeKeys({ token: 'snake_case_value', n: 1, z: null })).toEqual({
      token: 'snake_case_value',
      n: 1,
      z: null,
    });
    expect(camelizeKeys('a_b')).toBe('a_b');
    expect(camelizeKeys(null)).toBeNull();
  });

  it('does not walk into class instances (dates, buffers)', () => {
    const d = new Date(0);
    const out = camelizeKeys({ created_at: d }) as { createdAt: Date };
    expect(out.createdAt).toBe(d);
  });
});
