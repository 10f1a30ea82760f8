import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  email,
  firstName,
  lastName,
  linkedinUrl,
  location,
  MAX_LOCATION,
  MAX_NAME,
  MAX_PASSWORD,
  maxMessage,
  newPassword,
  optionalText,
  passwordForLogin,
  requiredLinkedinUrl,
} from '@shared/schemas/fields.js';

/** The messages a field answers with for a value, or [] when it is valid. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('email', () => {
  it('is required', () => {
    expect(messages(email, undefined)).toEqual(['Email is required']);
    expect(messages(email, '')).toContain('Email is required');
    expect(messages(email, '   ')).toContain('Email is required');
  });

  it('must look like an e-mail address', () => {
    for (const bad of ['plain', 'a@b', 'a b@c.com', '@example.com', 'a@.com x']) {
      expect(messages(email, bad), bad).toContain('Invalid email format');
    }
  });

  it('takes no control character, quote, backslash or bare domain', () => {
    for (const bad of [
      'jane\u0000@example.com',
      'jane\u0007doe@example.com',
      'jane@exam\u007fple.com',
      '"jane doe"@example.com',
      'jane"@example.com',
      "o'brien@example.com",
      'jane\\@example.com',
      'jane@localhost',
      'jane@example.c',
      'jane@-example.com',
      'jane@example-.com',
      'jane@[127.0.0.1]',
      '.jane@example.com',
      'jane.@example.com',
      'ja..ne@example.com',
      'jane@example..com',
      'a@b@example.com',
      'jane,joe@example.com',
      'jane<x>@example.com',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(messages(email, bad), JSON.stringify(bad)).toContain('Invalid email format');
    }
  });

  it('takes ordinary addresses, plus tags and international names included', () => {
    for (const good of [
      'jane.doe@example.com',
      'j+nda@mail.example.co.uk',
      'x_y-z@sub-domain.example.io',
      'zoë@bücher.de',
    ]) {
      expect(messages(email, good), good).toEqual([]);
    }
  });

  it('is trimmed and lower-cased', () => {
    expect(email.parse('  John.Doe@Example.COM ')).toBe('john.doe@example.com');
  });

  it('is at most 254 characters', () => {
    expect(messages(email, `${'a'.repeat(250)}@b.co`)).toContain(maxMessage(254));
  });
});

describe('names and location', () => {
  it('are required with their label', () => {
    expect(messages(firstName, undefined)).toEqual(['First name is required']);
    expect(messages(firstName, '  ')).toEqual(['First name is required']);
    expect(messages(lastName, '')).toEqual(['Last name is required']);
    expect(messages(location, '')).toEqual(['Location is required']);
  });

  it(`names hold at most ${MAX_NAME} characters`, () => {
    expect(MAX_NAME).toBe(30);
    expect(messages(firstName, 'x'.repeat(30))).toEqual([]);
    expect(messages(firstName, 'x'.repeat(31))).toEqual(['Ensure this field has no more than 30 characters.']);
    expect(messages(lastName, 'x'.repeat(31))).toEqual([maxMessage(30)]);
  });

  it(`location holds at most ${MAX_LOCATION} characters`, () => {
    expect(messages(location, 'x'.repeat(512))).toEqual([]);
    expect(messages(location, 'x'.repeat(513))).toEqual([maxMessage(512)]);
  });

  it('are trimmed', () => {
    expect(firstName.parse('  Ann ')).toBe('Ann');
  });
});

describe('passwords', () => {
  it('login password is required but has no complexity rule', () => {
    expect(messages(passwordForLogin, undefined)).toEqual(['Password is required']);
    expect(messages(passwordForLogin, '')).toEqual(['Password is required']);
    expect(messages(passwordForLogin, 'x')).toEqual([]);
  });

  it('a new password has at least 8 and at most 128 characters', () => {
    expect(messages(newPassword, '')).toContain('Password is required');
    expect(messages(newPassword, 'short')).toEqual(['Password must be at least 8 characters']);
    expect(messages(newPassword, 'x'.repeat(8))).toEqual([]);
    expect(messages(newPassword, 'x'.repeat(MAX_PASSWORD + 1))).toEqual([maxMessage(MAX_PASSWORD)]);
  });

  it('is never trimmed', () => {
    expect(newPassword.parse('  spaced  ')).toBe('  spaced  ');
  });
});

describe('LinkedIn URL', () => {
  it('may be empty when optional, must be a URL otherwise', () => {
    expect(messages(linkedinUrl, '')).toEqual([]);
    expect(messages(linkedinUrl, 'https://www.linkedin.com/in/ann')).toEqual([]);
    expect(messages(linkedinUrl, 'linkedin')).toEqual(['Enter a valid URL']);
    expect(messages(linkedinUrl, 'ftp://x.y')).toEqual(['Enter a valid URL']);
  });

  it('is required on invitation forms', () => {
    expect(messages(requiredLinkedinUrl, undefined)).toEqual(['LinkedIn Url is required']);
    expect(messages(requiredLinkedinUrl, ' ')).toEqual(['LinkedIn Url is required']);
    expect(messages(requiredLinkedinUrl, 'nope')).toEqual(['Enter a valid URL']);
  });
});

describe('optionalText', () => {
  it('defaults to an empty string and keeps its maximum', () => {
    expect(optionalText(5).parse(undefined)).toBe('');
    expect(messages(optionalText(5), '123456')).toEqual([maxMessage(5)]);
  });
});

describe('LinkedIn URL without a scheme', () => {
  it('is taken as https, so a pasted profile address registers as typed', () => {
    expect(linkedinUrl.parse('www.linkedin.com/in/ann')).toBe('https://www.linkedin.com/in/ann');
    expect(requiredLinkedinUrl.parse('  linkedin.com/in/ann ')).toBe('https://linkedin.com/in/ann');
    expect(linkedinUrl.parse('http://linkedin.com/in/ann')).toBe('http://linkedin.com/in/ann');
    expect(linkedinUrl.parse('HTTPS://linkedin.com/in/ann')).toBe('HTTPS://linkedin.com/in/ann');
    expect(linkedinUrl.parse('')).toBe('');
  });

  it('still refuses what is not a web address, and counts the scheme it adds against the maximum', () => {
    expect(messages(linkedinUrl, 'javascript://linkedin.com/in/ann')).toEqual(['Enter a valid URL']);
    expect(messages(linkedinUrl, `linkedin.com/in/${'a'.repeat(512 - 'https://linkedin.com/in/'.length)}`)).toEqual([]);
    expect(messages(linkedinUrl, `linkedin.com/in/${'a'.repeat(513 - 'https://linkedin.com/in/'.length)}`)).toEqual([
      maxMessage(512),
    ]);
  });
});
