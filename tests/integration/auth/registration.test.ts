import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import {
  activationKey,
  latestMail,
  linkIn,
  ownerPayload,
  registerOwner,
  uniqueEmail,
} from '@tests/support/factories.js';
import { post, trpcMutation } from '@tests/support/http.js';

// server/commands/auth/register-owner.ts and verify-email.ts through POST /registration/ and /registration/verify-email/.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userByEmail = (email: string) =>
  t.core.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

describe('POST /registration/', () => {
  it('creates an inactive owner with a company and mails the activation link (201)', async () => {
    const payload = ownerPayload({ company_name: 'Fresh Company Ltd', first_name: 'Rita' });
    const res = await post(t, '/registration/', payload);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: 'Register Success! Check your email and verify your account' });

    const user = await userByEmail(String(payload.email));
    expect(user).toMatchObject({
      role: 'owner',
      isActive: false,
      isDeleted: false,
      firstName: 'Rita',
      lastName: 'Owner',
      location: 'London, UK',
      country: 'GB',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const company = await t.core.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', user!.companyId!)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Fresh Company Ltd', ownerId: user!.id });

    const mail = await latestMail(t, String(payload.email));
    expect(mail).toMatchObject({ subject: 'Activate your NDA Workspace account' });
    const link = linkIn(t, mail!, '/user-activation/');
    expect(link.url).toMatch(new RegExp(`^${t.config.appUrl}/user-activation/[A-Za-z0-9_-]{20,}$`));
    expect(mail!.htmlBody).toContain(link.url);
    expect(mail!.textBody).toContain('Hello Rita,');

    await t.core.outbox.drain();
    expect(await latestMail(t, String(payload.email))).toMatchObject({ status: 'sent', transport: 'dev', attempts: 1 });
  });

  it('stores the e-mail lower-cased', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    await registerOwner(t, { email });
    expect((await userByEmail(email))!.email).toBe(email.toLowerCase());
  });

  it('refuses an e-mail already registered, whatever its case (400 on email)', async () => {
    const { email } = await registerOwner(t);
    for (const again of [email, email.toUpperCase(), `  ${email} `]) {
      const res = await post(t, '/registration/', ownerPayload({ email: again }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: [AUTH_MESSAGES.emailTaken], code: 'email_taken' });
    }
    const count = await t.core.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      post(t, '/registration/', ownerPayload({ email })),
      post(t, '/registration/', ownerPayload({ email: email.toUpperCase() })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect([a, b].find((r) => r.status === 400)!.body).toEqual({
      email: [AUTH_MESSAGES.emailTaken],
      code: 'email_taken',
    });
  });

  it('answers 400 with a message per missing field', async () => {
    const res = await post(t, '/registration/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      email: ['Email is required'],
      password1: ['Password is required'],
      password2: ['Password is required'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      location: ['Location is required'],
      companyName: ['Company name is required'],
      code: 'invalid_input',
    });
  });

  it('answers field errors for bad values, camelCase keys for snake_case input', async () => {
    const res = await post(
      t,
      '/registration/',
      ownerPayload({ email: 'not-an-email', first_name: 'x'.repeat(31), password1: 'short', password2: 'short' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      email: ['Invalid email format'],
      firstName: ['Ensure this field has no more than 30 characters.'],
      password1: ['Password must be at least 8 characters'],
      code: 'invalid_input',
    });
  });

  it('answers "Passwords must match" on password2', async () => {
    const res = await post(t, '/registration/', ownerPayload({ password2: 'another-password' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password2: ['Passwords must match'], code: 'invalid_input' });
  });

  it('also takes camelCase payloads', async () => {
    const p = ownerPayload();
    const res = await post(t, '/registration/', {
      email: p.email,
      password1: p.password1,
      password2: p.password2,
      firstName: 'Cam',
      lastName: 'El',
      location: 'Rome',
      companyName: 'Camel SpA',
    });
    expect(res.status).toBe(201);
  });

  it('answers 400, not 500, to malformed JSON, a non-object body or no body', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registration/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'Malformed request.', code: 'malformed_request' });

    const array = await post(t, '/registration/', [1, 2]);
    expect(array.status).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registration/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/registration/' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toHaveProperty('email', ['Email is required']);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registration/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 415 to an unknown content type and 413 to an oversized body', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registration/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'Unsupported media type.', code: 'unsupported_media_type' });

    const huge = await post(t, '/registration/', ownerPayload({ location: 'x'.repeat(1024 * 1024 + 1) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'Request body is too large.', code: 'payload_too_large' });
  });

  it('works through tRPC (auth.register) with the same rules', async () => {
    const p = ownerPayload();
    const input = {
      email: p.email,
      password1: p.password1,
      password2: p.password2,
      firstName: 'Tr',
      lastName: 'Pc',
      location: 'Oslo',
      companyName: 'Trpc AS',
    };
    const ok = await trpcMutation(t, 'auth.register', input);
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ detail: AUTH_MESSAGES.registered });
    expect(await latestMail(t, String(p.email))).toBeDefined();

    const dup = await trpcMutation(t, 'auth.register', input);
    expect(dup.status).toBe(400);
    expect(dup.error!.message).toBe(AUTH_MESSAGES.emailTaken);
    expect(dup.error!.data).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      body: { email: [AUTH_MESSAGES.emailTaken] },
    });

    const bad = await trpcMutation(t, 'auth.register', { ...input, email: uniqueEmail(), password2: 'different-pass' });
    expect(bad.status).toBe(400);
    expect(bad.error!.data.body).toEqual({ password2: ['Passwords must match'], code: 'invalid_input' });
    expect(bad.error!.message).toBe('Passwords must match');
  });
});

describe('POST /registration/verify-email/', () => {
  it('activates the account named by the key', async () => {
    const { email } = await registerOwner(t);
    const res = await post(t, '/registration/verify-email/', { key: await activationKey(t, email) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Email was successfully activated' });
    const user = await userByEmail(email);
    expect(user!.isActive).toBe(true);
    expect(user!.activatedAt).toBeInstanceOf(Date);
  });

  it('answers the same success when the link is opened twice', async () => {
    const { email } = await registerOwner(t);
    const key = await activationKey(t, email);
    expect((await post(t, '/registration/verify-email/', { key })).status).toBe(200);
    const again = await post(t, '/registration/verify-email/', { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ detail: 'Email was successfully activated' });
  });

  it('refuses an unknown key (400, non-field message)', async () => {
    const res = await post(t, '/registration/verify-email/', { key: 'no-such-key' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.activationInvalid], code: 'link_invalid' });
  });

  it('refuses an expired key and leaves the account inactive', async () => {
    const { email } = await registerOwner(t);
    const user = (await userByEmail(email))!;
    await t.core.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute();
    const res = await post(t, '/registration/verify-email/', { key: await activationKey(t, email) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.activationInvalid], code: 'link_invalid' });
    expect((await userByEmail(email))!.isActive).toBe(false);
  });

  it('requires the key', async () => {
    const res = await post(t, '/registration/verify-email/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ key: ['Key is required'], code: 'invalid_input' });
  });

  it('works through tRPC (auth.verifyEmail)', async () => {
    const { email } = await registerOwner(t);
    const ok = await trpcMutation(t, 'auth.verifyEmail', { key: await activationKey(t, email) });
    expect(ok.data).toEqual({ detail: AUTH_MESSAGES.activated });
    const bad = await trpcMutation(t, 'auth.verifyEmail', { key: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.error!.message).toBe(AUTH_MESSAGES.activationInvalid);
  });
});
