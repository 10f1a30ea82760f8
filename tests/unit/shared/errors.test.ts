import { describe, expect, it } from 'vitest';
import { firstErrorMessage, STATUS_BY_KIND } from '@shared/errors.js';

describe('firstErrorMessage', () => {
  it('prefers nonFieldErrors, then detail, then the first field message', () => {
    expect(firstErrorMessage({ nonFieldErrors: ['A', 'B'], detail: 'D', email: ['E'] }, 'F')).toBe('A');
    expect(firstErrorMessage({ detail: 'D', email: ['E'] }, 'F')).toBe('D');
    expect(firstErrorMessage({ email: ['E1', 'E2'], password: ['P'] }, 'F')).toBe('E1');
  });

  it('never shows the reason code as a message', () => {
    expect(firstErrorMessage({ code: 'invalid_input', email: ['E'] }, 'F')).toBe('E');
    expect(firstErrorMessage({ code: 'not_found' }, 'F')).toBe('F');
  });

  it('accepts a field given as a plain string', () => {
    expect(firstErrorMessage({ token: 'T' }, 'F')).toBe('T');
  });

  it('falls back when there is nothing to show', () => {
    expect(firstErrorMessage(undefined, 'F')).toBe('F');
    expect(firstErrorMessage({}, 'F')).toBe('F');
    expect(firstErrorMessage({ nonFieldErrors: [], email: [] }, 'F')).toBe('F');
  });
});

describe('STATUS_BY_KIND', () => {
  it('maps error kinds to HTTP statuses', () => {
    expect(STATUS_BY_KIND).toMatchObject({
      bad_request: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      payload_too_large: 413,
      rate_limited: 429,
      internal: 500,
    });
  });
});
