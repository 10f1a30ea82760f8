import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, avatarForm, MAX_AVATAR_BYTES } from '@shared/schemas/account.js';
import { registerInterestForm } from '@shared/schemas/forms.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('avatarForm (change picture)', () => {
  const image = (type: string, size: number) => ({ image: { name: 'me.png', type, size } });

  it('takes a PNG or a JPEG up to 2 MB', () => {
    expect(avatarForm.safeParse(image('image/png', 1000)).success).toBe(true);
    expect(avatarForm.safeParse(image('image/jpeg', MAX_AVATAR_BYTES)).success).toBe(true);
  });

  it('asks for an image when none is chosen', () => {
    expect(messages(avatarForm.safeParse({ image: null }))).toEqual([ACCOUNT_MESSAGES.imageRequired]);
  });

  it('refuses another type and a file over 2 MB with the spec’s messages', () => {
    expect(messages(avatarForm.safeParse(image('image/gif', 10)))).toEqual([ACCOUNT_MESSAGES.imageType]);
    expect(messages(avatarForm.safeParse(image('image/png', MAX_AVATAR_BYTES + 1)))).toEqual([
      ACCOUNT_MESSAGES.imageTooLarge,
    ]);
  });
});

describe('registerInterestForm (landing page e-mail box)', () => {
  it('accepts an empty box and a valid address', () => {
    expect(registerInterestForm.safeParse({ email: '' }).success).toBe(true);
    expect(registerInterestForm.safeParse({ email: '  ' }).success).toBe(true);
    expect(registerInterestForm.parse({ email: 'Jane@Firm.com' })).toEqual({ email: 'jane@firm.com' });
  });

  it('refuses a malformed address', () => {
    expect(registerInterestForm.safeParse({ email: 'jane@' }).success).toBe(false);
  });
});
