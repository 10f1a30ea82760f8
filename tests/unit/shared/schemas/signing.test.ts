import { describe, expect, it } from 'vitest';
import { hasField } from '@shared/schemas/signature-fields.js';
import { signingForm, signNdaInput } from '@shared/schemas/signing.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';

const company = { name: 'Buyer A Capital', address: '1 Harbour Street', registrationNumber: '', vat: '' };
const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];

describe('the signing form and its title', () => {
  it('requires the title only when the NDA has a recipient title field', () => {
    expect(messagesOf(signingForm(true).safeParse({ ...company, jobTitle: '  ' }))).toEqual([
      `jobTitle: ${SIGNING_MESSAGES.titleRequired}`,
    ]);
    expect(signingForm(false).parse({ ...company, jobTitle: '  ' }).jobTitle).toBe('');
    expect(signingForm(true).parse({ ...company, jobTitle: ' General Counsel ' }).jobTitle).toBe('General Counsel');
  });

  it('keeps a title to 100 characters on one line, and leaves it out of the sign call when not given', () => {
    expect(messagesOf(signNdaInput.safeParse({ jobTitle: 'x'.repeat(101) }))).toEqual([
      'jobTitle: Ensure this field has no more than 100 characters.',
    ]);
    expect(signNdaInput.safeParse({ jobTitle: 'Head\tof legal' }).success).toBe(false);
    expect(signNdaInput.parse({})).toEqual({});
  });

  it('tells which party and kind the fields ask for', () => {
    const fields = [{ party: 'sender', kind: 'title' }] as const;
    expect(hasField(fields, 'sender', 'title')).toBe(true);
    expect(hasField(fields, 'recipient', 'title')).toBe(false);
  });
});
