import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  loginInput,
  memberInvitationInput,
  ownerRegistrationInput,
  passwordResetConfirmInput,
  passwordResetInput,
  refreshInput,
  signerInvitationInput,
  verifyEmailInput,
} from '@shared/schemas/auth.js';

/** Field -> messages, as the API answers them. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[String(issue.path[0] ?? 'nonFieldErrors')] ??= []).push(issue.message);
  return out;
}

const owner = {
  email: 'Owner@Example.com',
  password1: 'long-enough-1',
  password2: 'long-enough-1',
  firstName: 'Olivia',
  lastName: 'Owner',
  location: 'London',
  companyName: 'Acme Ltd',
};

const invitation = {
  uid: 'MQ',
  token: 'tok',
  newPassword1: 'long-enough-1',
  newPassword2: 'long-enough-1',
  firstName: 'Ivan',
  lastName: 'Invited',
  location: 'Paris',
  linkedinLink: 'https://linkedin.com/in/ivan',
};

describe('loginInput', () => {
  it('needs an e-mail and a password', () => {
    expect(fieldErrors(loginInput, {})).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    expect(fieldErrors(loginInput, { email: 'nope', password: 'x' })).toEqual({ email: ['Invalid email format'] });
  });

  it('lower-cases the e-mail', () => {
    expect(loginInput.parse({ email: 'A@B.CO', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
});

describe('ownerRegistrationInput', () => {
  it('accepts the spec payload and fills the optional fields', () => {
    expect(ownerRegistrationInput.parse(owner)).toEqual({
      ...owner,
      email: 'owner@example.com',
      linkedinLink: '',
      invitedWith: '',
      country: '',
    });
  });

  it('names every missing field', () => {
    expect(fieldErrors(ownerRegistrationInput, {})).toEqual({
      email: ['Email is required'],
      password1: ['Password is required'],
      password2: ['Password is required'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      location: ['Location is required'],
      companyName: ['Company name is required'],
    });
  });

  it('answers "Passwords must match" on password2', () => {
    expect(fieldErrors(ownerRegistrationInput, { ...owner, password2: 'something-else' })).toEqual({
      password2: ['Passwords must match'],
    });
  });

  it('limits names to 30 characters', () => {
    expect(
      fieldErrors(ownerRegistrationInput, { ...owner, firstName: 'x'.repeat(31), lastName: 'y'.repeat(31) }),
    ).toEqual({
      firstName: ['Ensure this field has no more than 30 characters.'],
      lastName: ['Ensure this field has no more than 30 characters.'],
    });
  });

  it('checks the optional LinkedIn URL when given', () => {
    expect(fieldErrors(ownerRegistrationInput, { ...owner, linkedinLink: 'not a url' })).toEqual({
      linkedinLink: ['Enter a valid URL'],
    });
  });
});

describe('memberInvitationInput', () => {
  it('accepts the spec payload', () => {
    expect(memberInvitationInput.parse(invitation)).toEqual(invitation);
  });

  it('requires location, LinkedIn URL and the link parts', () => {
    expect(
      fieldErrors(memberInvitationInput, { ...invitation, uid: '', token: undefined, location: '', linkedinLink: '' }),
    ).toEqual({
      uid: ['Invalid link'],
      token: ['Invalid link'],
      location: ['Location is required'],
      linkedinLink: ['LinkedIn Url is required'],
    });
  });

  it('answers "Passwords must match" on newPassword2', () => {
    expect(fieldErrors(memberInvitationInput, { ...invitation, newPassword2: 'other-password' })).toEqual({
      newPassword2: ['Passwords must match'],
    });
  });
});

describe('signerInvitationInput', () => {
  it('requires the company name', () => {
    expect(fieldErrors(signerInvitationInput, invitation)).toEqual({ companyName: ['Company name is required'] });
    expect(signerInvitationInput.parse({ ...invitation, companyName: ' Legal Name LLP ' }).companyName).toBe(
      'Legal Name LLP',
    );
  });
});

describe('small inputs', () => {
  it('verify-email needs a key', () => {
    expect(fieldErrors(verifyEmailInput, {})).toEqual({ key: ['Key is required'] });
    expect(fieldErrors(verifyEmailInput, { key: 'x'.repeat(257) })).toHaveProperty('key');
  });

  it('refresh needs a token', () => {
    expect(fieldErrors(refreshInput, { refresh: '' })).toEqual({ refresh: ['Refresh token is required'] });
  });

  it('password reset needs a valid e-mail', () => {
    expect(fieldErrors(passwordResetInput, { email: 'x' })).toEqual({ email: ['Invalid email format'] });
  });

  it('password reset confirm checks both passwords and the link', () => {
    const ok = { uid: 'MQ', token: 't', newPassword1: 'long-enough-1', newPassword2: 'long-enough-1' };
    expect(fieldErrors(passwordResetConfirmInput, ok)).toEqual({});
    expect(fieldErrors(passwordResetConfirmInput, { ...ok, newPassword2: 'long-enough-2' })).toEqual({
      newPassword2: ['Passwords must match'],
    });
    expect(fieldErrors(passwordResetConfirmInput, { ...ok, newPassword1: 'short', newPassword2: 'short' })).toEqual({
      newPassword1: ['Password must be at least 8 characters'],
    });
    expect(
      fieldErrors(passwordResetConfirmInput, { newPassword1: 'long-enough-1', newPassword2: 'long-enough-1' }),
    ).toEqual({
      uid: ['Invalid link'],
      token: ['Invalid link'],
    });
  });
});
