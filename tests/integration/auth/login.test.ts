import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, invite, PASSWORD, registerOwner, uniqueEmail } from '@tests/support/factories.js';
import { authHeader, get, post, trpcMutation, trpcQuery } from '@tests/support/http.js';

// server/commands/auth/login.ts through POST /authentication/login/ and auth.login.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) => post(t, '/authentication/login/', { email, password });

describe('POST /authentication/login/', () => {
  it('answers access, refresh and the spec User for an activated owner', async () => {
    const owner = await createOwner(t, {
      first_name: 'Lena',
      last_name: 'Login',
      company_name: 'Login Ltd',
      location: 'Leeds',
    });
    const res = await login(owner.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'home', 'refresh', 'user']);
    expect(res.body.home).toBe('/account');
    expect(res.body.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.refresh).toMatch(/^[\w-]{40,}$/);
    // The spec's User (section 3). ownerOfProjects, memberOfProjects and signerOfProjects are not presented yet.
    expect(res.body.user).toMatchObject({
      id: owner.id,
      email: owner.email,
      firstName: 'Lena',
      lastName: 'Login',
      avatar: null,
      sign: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      language: 'en',
      location: 'Leeds',
      linkedinLink: 'https://www.linkedin.com/in/olivia',
      company: expect.any(Number),
      companyName: 'Login Ltd',
      referralKey: expect.stringMatching(/^[\w-]{8,}$/),
      role: 'owner',
      isMember: false,
      lastSeenEventId: 0,
      currencySymbol: '£',
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.user).not.toHaveProperty('password');

    // Each login is its own session: both access tokens work.
    expect((await get(t, '/permissions/', authHeader(res.body.access))).status).toBe(200);
    expect((await get(t, '/permissions/', authHeader(owner.access))).status).toBe(200);
    expect(res.body.refresh).not.toBe(owner.refresh);
  });

  it('ignores the case of the e-mail', async () => {
    const owner = await createOwner(t);
    const res = await login(owner.email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.id);
  });

  it('refuses an account whose e-mail is not verified yet', async () => {
    const { email } = await registerOwner(t);
    const res = await login(email, PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.notActivated], code: 'account_not_activated' });
  });

  it('does not reveal that an inactive account exists to a wrong password', async () => {
    const { email } = await registerOwner(t);
    const res = await login(email, 'wrong-password');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' });
  });

  it('answers the same message to a wrong password and to an unknown e-mail', async () => {
    const owner = await createOwner(t);
    const wrong = await login(owner.email, 'wrong-password');
    const unknown = await login(uniqueEmail('nobody'), PASSWORD);
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({
      nonFieldErrors: ['Unable to log in with provided credentials.'],
      code: 'bad_credentials',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a deleted user', async () => {
    const owner = await createOwner(t);
    await t.core.db.updateTable('users').set({ isDeleted: true }).where('id', '=', owner.id).execute();
    const res = await login(owner.email, PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' });
    // The deleted user's existing access token stops working as well.
    expect((await get(t, '/permissions/', authHeader(owner.access))).status).toBe(401);
  });

  it('refuses an invited user who has not registered (no password yet)', async () => {
    const owner = await createOwner(t);
    const { email } = await invite(t, owner, 'member');
    const res = await login(email, '');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password: ['Password is required'], code: 'invalid_input' });
    const res2 = await login(email, PASSWORD);
    expect(res2.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' });
  });

  it('answers field errors for missing or malformed fields', async () => {
    const res = await post(t, '/authentication/login/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
      code: 'invalid_input',
    });
    const bad = await login('not-an-email', 'x');
    expect(bad.body).toEqual({ email: ['Invalid email format'], code: 'invalid_input' });
  });

  it('works through tRPC (auth.login) with the same answers', async () => {
    const owner = await createOwner(t);
    const ok = await trpcMutation(t, 'auth.login', { email: owner.email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.data).sort()).toEqual(['access', 'home', 'refresh', 'user']);
    expect(ok.data.user).toMatchObject({ id: owner.id, email: owner.email, role: 'owner', isMember: false });

    const me = await trpcQuery(t, 'account.me', undefined, authHeader(ok.data.access));
    expect(me.data).toEqual(ok.data.user);

    const wrong = await trpcMutation(t, 'auth.login', { email: owner.email, password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.error!.message).toBe(AUTH_MESSAGES.badCredentials);
    expect(wrong.error!.data).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      body: { nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' },
    });

    const invalid = await trpcMutation(t, 'auth.login', { email: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.error!.data.body).toEqual({
      email: ['Invalid email format'],
      password: ['Password is required'],
      code: 'invalid_input',
    });
  });
});
