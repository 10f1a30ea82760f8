import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { camelizeKeys } from '@server/case.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, ownerPayload, PASSWORD, type TestUser, uniqueEmail } from '@tests/support/factories.js';
import { post } from '@tests/support/http.js';

// server/commands/auth/rate-limit.ts: failed logins per account and address and the accounts one address
// fails on; reset requests per e-mail and per IP; sign-ups per IP. No one can lock another person out.

const PER_EMAIL = 5;
const PER_IP = 8;
const REGISTRATIONS_PER_IP = 3;
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { perEmail: PER_EMAIL, perIp: PER_IP, windowMs: 60_000 } });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** A fresh client address per test, so IP counts of one test do not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const login = (email: string, password: string, ip: string) =>
  post(t, '/authentication/login/', { email, password }, {}, ip);
const reset = (email: string, ip: string) => post(t, '/authentication/password/reset/', { email }, {}, ip);

function expectLimited(res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ detail: AUTH_MESSAGES.tooManyAttempts, code: 'rate_limited' });
  expect(res.headers['retry-after']).toBe('60');
}

describe('login', () => {
  it('lets one person sign in more often than the limit: a successful login does not count', async () => {
    const ip = freshIp();
    const user = await createOwner(t);
    for (let i = 0; i < PER_EMAIL + 3; i++)
      expect((await login(user.email, PASSWORD, ip)).status, `login ${i + 1}`).toBe(200);
  });

  it('lets a whole office behind one IP sign in', async () => {
    const ip = freshIp();
    const team = [];
    for (let i = 0; i < PER_IP + 2; i++) team.push(await createOwner(t));
    for (const user of team) expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
  });

  it('answers 429 with Retry-After to the address that failed too often on one account, and only to it', async () => {
    const ip = freshIp();
    const user = await createOwner(t);
    expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < PER_EMAIL; i++) expect((await login(user.email, 'wrong-password', ip)).status).toBe(400);
    expectLimited(await login(user.email, PASSWORD, ip));
    expectLimited(await login(user.email.toUpperCase(), PASSWORD, ip));
    // The account's owner still signs in from anywhere else: an attacker cannot lock them out.
    expect((await login(user.email, PASSWORD, freshIp())).status).toBe(200);
    // Another e-mail from the same address is still served.
    expect((await login(owner.email, PASSWORD, ip)).status).toBe(200);
  });

  it('does not block other accounts behind a shared address when one account keeps failing', async () => {
    const ip = freshIp();
    const [mistyper, colleague] = [await createOwner(t), await createOwner(t)];
    for (let i = 0; i < PER_IP + PER_EMAIL; i++) {
      const res = await login(mistyper.email, 'wrong-password', ip);
      expect(res.status, `attempt ${i + 1}`).toBe(i < PER_EMAIL ? 400 : 429);
    }
    expect((await login(colleague.email, PASSWORD, ip)).status).toBe(200);
    expect((await login(owner.email, PASSWORD, ip)).status).toBe(200);
  });

  it('stops credential stuffing: one address failing on many accounts is refused for every account', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) expect((await login(uniqueEmail('spray'), 'whatever-1', ip)).status).toBe(400);
    expectLimited(await login(owner.email, PASSWORD, ip));
    expectLimited(await login(uniqueEmail('spray'), 'whatever-1', ip));
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('forgets attempts older than the window', async () => {
    const ip = freshIp();
    const user = await createOwner(t);
    for (let i = 0; i < PER_EMAIL; i++) await login(user.email, 'wrong-password', ip);
    expectLimited(await login(user.email, PASSWORD, ip));
    await t.core.db
      .updateTable('authAttempts')
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where('key', '=', `pair:${ip} ${user.email}`)
      .execute();
    expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
  });

  it('answers 429 through tRPC as well', async () => {
    const email = uniqueEmail('trpc');
    const ip = freshIp();
    for (let i = 0; i < PER_EMAIL; i++) await login(email, 'wrong-password', ip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'x' }),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json().error.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      body: { detail: AUTH_MESSAGES.tooManyAttempts },
    });
  });
});

describe('password reset', () => {
  it('answers 429 to the 6th request for one e-mail', async () => {
    const ip = freshIp();
    const user = await createOwner(t);
    for (let i = 0; i < PER_EMAIL; i++) expect((await reset(user.email, ip)).status).toBe(200);
    expectLimited(await reset(user.email, ip));
    // Login has its own budget.
    expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
  });

  it('answers 429 once one IP asked for too many addresses, unknown ones included', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) expect((await reset(uniqueEmail('probe'), ip)).status).toBe(200);
    expectLimited(await reset(owner.email, ip));
    expect((await reset(owner.email, freshIp())).status).toBe(200);
  });
});

describe('registration', () => {
  // An app of its own: the other tests sign their users up from one address.
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp({ registrationLimit: { perIp: REGISTRATIONS_PER_IP, windowMs: 3_600_000 } });
  });
  afterAll(async () => {
    await s?.close();
  });
  const register = (ip: string, email = uniqueEmail('signup')) =>
    post(s, '/registration/', ownerPayload({ email }), {}, ip);
  const mailsTo = async (email: string) =>
    (await s.core.db.selectFrom('outboxEmails').select('id').where('toAddress', '=', email).execute()).length;

  it(`answers 429 to sign-up ${REGISTRATIONS_PER_IP + 1} from one IP within the hour, and sends no e-mail`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTRATIONS_PER_IP; i++) expect((await register(ip)).status).toBe(201);
    const email = uniqueEmail('one-too-many');
    const res = await register(ip, email);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: AUTH_MESSAGES.tooManyRegistrations, code: 'rate_limited' });
    expect(res.headers['retry-after']).toBe('3600');
    expect(await mailsTo(email)).toBe(0);
    expect(
      await t.core.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    // Through tRPC too, and another address is still served.
    const trpc = await s.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(camelizeKeys(ownerPayload({ email }))),
      remoteAddress: ip,
    });
    expect(trpc.statusCode).toBe(429);
    expect(await mailsTo(email)).toBe(0);
    expect((await register(freshIp(), email)).status).toBe(201);
    expect(await mailsTo(email)).toBe(1);
  });
});
