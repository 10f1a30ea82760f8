import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, fromZodError, toHttpError } from '@server/errors.js';

describe('AppError', () => {
  it('builds field, non-field and detail bodies with their status', () => {
    const fields = AppError.fields('email_taken', { email: 'Taken', password: ['A', 'B'] });
    expect(fields.status).toBe(400);
    expect(fields.body).toEqual({ email: ['Taken'], password: ['A', 'B'] });
    expect(fields.reason).toBe('email_taken');

    const nonField = AppError.nonField('nothing_to_change', 'Nope');
    expect(nonField.status).toBe(400);
    expect(nonField.body).toEqual({ nonFieldErrors: ['Nope'] });
    expect(nonField.message).toBe('Nope');

    expect(AppError.notFound().status).toBe(404);
    expect(AppError.notFound().body).toEqual({ detail: 'Not found.' });
    expect(AppError.unauthorized().body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(AppError.unauthorized('refresh_expired', 'Refresh Token expired').status).toBe(401);
    expect(AppError.forbidden().status).toBe(403);
    expect(AppError.forbidden().reason).toBe('permission_denied');
    expect(AppError.notFound().reason).toBe('not_found');
    expect(AppError.detail('conflict', 'signature_fields_changed', 'Busy').status).toBe(409);
  });
});

describe('fromZodError', () => {
  const schema = z
    .object({
      email: z.string().min(1, 'Email is required').email('Invalid email format'),
      password1: z.string(),
      password2: z.string(),
    })
    .refine((v) => v.password1 === v.password2, { path: ['password2'], message: 'Passwords must match' });

  it('keys messages by the first path segment', () => {
    const r = schema.safeParse({ email: '', password1: 'a', password2: 'b' });
    expect(r.success).toBe(false);
    const err = fromZodError(r.error!);
    expect(err.status).toBe(400);
    expect(err.body.email).toContain('Email is required');
    expect(err.body.password2).toEqual(['Passwords must match']);
  });

  it('puts issues without a path under nonFieldErrors and drops duplicates', () => {
    const r = z.string().min(5, 'Too short').safeParse('x');
    expect(fromZodError(r.error!).body).toEqual({ nonFieldErrors: ['Too short'] });
    const twice = z
      .object({ a: z.string() })
      .refine(() => false, { path: ['a'], message: 'Bad' })
      .refine(() => false, { path: ['a'], message: 'Bad' })
      .safeParse({ a: 'x' });
    expect(fromZodError(twice.error!).body).toEqual({ a: ['Bad'] });
  });

  it('keys nested issues by the top-level field', () => {
    const r = z
      .object({ addon: z.array(z.object({ quantity: z.number() })) })
      .safeParse({ addon: [{ quantity: 'x' }] });
    expect(Object.keys(fromZodError(r.error!).body)).toEqual(['addon']);
  });
});

describe('toHttpError', () => {
  it('passes AppError status, body and headers through, with the reason as code', () => {
    const err = new AppError('rate_limited', 'rate_limited', { detail: 'Slow down' }, { 'Retry-After': '60' });
    expect(toHttpError(err)).toEqual({
      status: 429,
      body: { detail: 'Slow down', code: 'rate_limited' },
      headers: { 'Retry-After': '60' },
    });
  });

  it('maps a ZodError to 400 with field messages', () => {
    const r = z.object({ email: z.string({ error: 'Email is required' }) }).safeParse({});
    expect(toHttpError(r.error)).toEqual({
      status: 400,
      body: { email: ['Email is required'], code: 'invalid_input' },
      headers: {},
    });
  });

  it("maps Fastify's client errors to their status with a readable detail", () => {
    expect(toHttpError({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'x' })).toEqual({
      status: 413,
      body: { detail: 'Request body is too large.', code: 'payload_too_large' },
      headers: {},
    });
    expect(toHttpError({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }).body).toEqual({
      detail: 'Unsupported media type.',
      code: 'unsupported_media_type',
    });
    expect(toHttpError({ statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }).body).toEqual({
      detail: 'Request body is empty.',
      code: 'empty_body',
    });
    expect(
      toHttpError({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'Unexpected token } in JSON' }),
    ).toEqual({
      status: 400,
      body: { detail: 'Malformed request.', code: 'malformed_request' },
      headers: {},
    });
  });

  it('hides everything else behind a 500 without internals', () => {
    const http = toHttpError(new Error('connection to 10.0.0.5 refused; password=secret'));
    expect(http.status).toBe(500);
    expect(http.body).toEqual({ detail: 'Temporary server issues. Please try again later', code: 'server_error' });
    expect(toHttpError({ statusCode: 503 }).status).toBe(500);
    expect(toHttpError(null).status).toBe(500);
    expect(toHttpError('boom').status).toBe(500);
  });
});
