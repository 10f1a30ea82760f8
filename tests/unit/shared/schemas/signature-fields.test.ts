import { describe, expect, it } from 'vitest';
import {
  MAX_SIGNATURE_FIELDS,
  SIGNATURE_FIELD_MESSAGES,
  signatureFieldsInput,
} from '@shared/schemas/signature-fields.js';

const field = { party: 'recipient', kind: 'name', page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.04 };
const messages = (input: unknown) => {
  const r = signatureFieldsInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('signatureFieldsInput', () => {
  it('takes boxes inside the page, up to the edges, and an empty list', () => {
    expect(messages({ fields: [field, { ...field, x: 0.7, y: 0.96, width: 0.3 }] })).toEqual([]);
    expect(messages({ fields: [] })).toEqual([]);
  });

  it('refuses a box that crosses the page edge, naming the field', () => {
    expect(messages({ fields: [field, { ...field, x: 0.8, width: 0.3 }] })).toEqual([
      SIGNATURE_FIELD_MESSAGES.outside(2),
    ]);
    expect(messages({ fields: [{ ...field, y: 0.99 }] })).toEqual([SIGNATURE_FIELD_MESSAGES.outside(1)]);
  });

  it('refuses unknown parties and kinds, pages below 1, fractions out of 0..1 and boxes too small', () => {
    expect(messages({ fields: [{ ...field, party: 'buyer' }] })).toEqual([SIGNATURE_FIELD_MESSAGES.party]);
    expect(messages({ fields: [{ ...field, kind: 'initials' }] })).toEqual([SIGNATURE_FIELD_MESSAGES.kind]);
    expect(messages({ fields: [{ ...field, page: 0 }] })).toEqual([SIGNATURE_FIELD_MESSAGES.page]);
    expect(messages({ fields: [{ ...field, x: -0.1 }] })).toContain(SIGNATURE_FIELD_MESSAGES.fraction);
    expect(messages({ fields: [{ ...field, width: 0 }] })).toContain(SIGNATURE_FIELD_MESSAGES.size);
    expect(messages({ fields: [{ ...field, height: Number.NaN }] })).not.toEqual([]);
  });

  it(`refuses more than ${MAX_SIGNATURE_FIELDS} fields`, () => {
    expect(messages({ fields: Array.from({ length: MAX_SIGNATURE_FIELDS + 1 }, () => field) })).toEqual([
      SIGNATURE_FIELD_MESSAGES.tooMany,
    ]);
  });
});
