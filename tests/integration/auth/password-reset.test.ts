import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { decodeUid, encodeUid } from '@server/services/tokens.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import {
  createOwner,
  invitationPayload,
  invite,
  latestMail,
  linkIn,
  loginAs,
  PASSWORD,
  passwordResetLink,
  registerOwner,
  uniqueEmail,
} from '@tests/support/factories.js';
import { authHeader, get, post, trpcMutation } from '@tests/support/http.js';

// server/commands/auth/request-password-reset.ts and confirm-password-reset.ts.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'brand-new-password-7';
const requestReset = (email: string) => post(t, '/authentication/password/reset/', { email });
const confirm = (link: { uid: string; token: string }, overrides: Record<string, unknown> = {}) =>
  post(t, '/authentication/password/reset/confirm/', {
    uid: link.uid,
    token: link.token,
    new_password1: NEW_PASSWORD,
    new_password2: NEW_PASSWORD,
    ...overrides,
  });
const login = (email: string, password: string) => post(t, '/authentication/login/', { email, password });

describe('POST /authentication/password/reset/', () => {
  it('mails a single-use link APP_URL/password-reset-confirm/<uid>/<token>', async () => {
    const owner = await createOwner(t);
    const res = await requestReset(owner.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Password reset e-mail has been sent.' });

    const mail = (await latestMail(t, owner.email))!;
    expect(mail.subject).toBe('Reset your NDA Workspace password');
    const { url, rest } = linkIn(t, mail, '/password-reset-confirm/');
    expect(url).toMatch(new RegExp(`^${t.config.appUrl}/password-reset-confirm/[A-Za-z0-9_-]+/[A-Za-z0-9_-]{20,}$`));
    const [uid] = rest.split('/');
    expect(decodeUid(uid!)).toBe(owner.id);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: AUTH_MESSAGES.resetSent });
    expect(await latestMail(t, email)).toBeUndefined();
  });

  it('validates the e-mail', async () => {
    const res = await post(t, '/authentication/password/reset/', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Invalid email format'], code: 'invalid_input' });
  });
});

describe('POST /authentication/password/reset/confirm/', () => {
  it('sets the new password once: login with it works, the old one does not', async () => {
    const owner = await createOwner(t);
    await requestReset(owner.email);
    const link = await passwordResetLink(t, owner.email);
    const res = await confirm(link);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Password changed successfully!' });

    expect((await login(owner.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(owner.email, PASSWORD)).body).toEqual({
      nonFieldErrors: [AUTH_MESSAGES.badCredentials],
      code: 'bad_credentials',
    });

    const again = await confirm(link, { new_password1: 'third-password-9', new_password2: 'third-password-9' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [AUTH_MESSAGES.resetInvalid], code: 'link_invalid' });
    expect((await login(owner.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends every existing session of the user', async () => {
    const owner = await createOwner(t);
    await requestReset(owner.email);
    expect((await confirm(await passwordResetLink(t, owner.email))).status).toBe(200);

    const old = await get(t, '/permissions/', authHeader(owner.access));
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: 'Session has ended. Please sign in again.', code: 'session_ended' });
    const oldRefresh = await post(t, '/authentication/token/refresh/', { refresh: owner.refresh });
    expect(oldRefresh.status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const owner = await createOwner(t);
    await requestReset(owner.email);
    await t.core.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', owner.id)
      .where('purpose', '=', 'password_reset')
      .execute();
    const res = await confirm(await passwordResetLink(t, owner.email));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ token: [AUTH_MESSAGES.resetInvalid], code: 'link_invalid' });
    expect((await login(owner.email, PASSWORD)).status).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const owner = await createOwner(t);
    await requestReset(owner.email);
    const first = await passwordResetLink(t, owner.email);
    await requestReset(owner.email);
    const second = await passwordResetLink(t, owner.email);
    expect(second.token).not.toBe(first.token);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
  });

  it("refuses a token with another user's uid, and a malformed uid", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    await requestReset(a.email);
    const link = await passwordResetLink(t, a.email);
    const swapped = await confirm({ uid: encodeUid(b.id), token: link.token });
    expect(swapped.status).toBe(400);
    expect(swapped.body).toEqual({ token: [AUTH_MESSAGES.resetInvalid], code: 'link_invalid' });
    expect((await confirm({ uid: '!!!', token: link.token })).body).toEqual({
      token: [AUTH_MESSAGES.resetInvalid],
      code: 'link_invalid',
    });
    expect((await confirm({ uid: encodeUid(999999), token: link.token })).status).toBe(400);
    // The failed attempts did not use the link up.
    expect((await confirm(link)).status).toBe(200);
  });

  it('answers "Passwords must match" on newPassword2 and other field errors', async () => {
    const mismatch = await confirm({ uid: 'MQ', token: 'x' }, { new_password2: 'something-else-1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ newPassword2: ['Passwords must match'], code: 'invalid_input' });
    const missing = await post(t, '/authentication/password/reset/confirm/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      newPassword1: ['Password is required'],
      newPassword2: ['Password is required'],
      uid: ['Invalid link'],
      token: ['Invalid link'],
      code: 'invalid_input',
    });
  });

  it('activates an account that never opened its activation link', async () => {
    const { email } = await registerOwner(t);
    expect((await login(email, PASSWORD)).body).toEqual({
      nonFieldErrors: [AUTH_MESSAGES.notActivated],
      code: 'account_not_activated',
    });
    await requestReset(email);
    expect((await confirm(await passwordResetLink(t, email))).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets an invited member whose link expired use password renewal, as the expiry message says', async () => {
    const owner = await createOwner(t);
    const inv = await invite(t, owner, 'member');
    await t.core.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', inv.userId)
      .execute();
    const expired = await post(t, '/registration/member_invitation_confirm/', invitationPayload(inv));
    expect(expired.body).toEqual({ token: [AUTH_MESSAGES.invitationExpired], code: 'link_expired' });

    expect((await requestReset(inv.email)).status).toBe(200);
    expect((await confirm(await passwordResetLink(t, inv.email))).status).toBe(200);
    const session = await loginAs(t, inv.email, NEW_PASSWORD);
    expect(session.user).toMatchObject({ id: inv.userId, role: 'member', company: owner.user.company });
    // The old invitation cannot overwrite the password afterwards.
    expect((await post(t, '/registration/member_invitation_confirm/', invitationPayload(inv))).status).toBe(400);
  });

  it('works through tRPC (auth.requestPasswordReset, auth.confirmPasswordReset)', async () => {
    const owner = await createOwner(t);
    const sent = await trpcMutation(t, 'auth.requestPasswordReset', { email: owner.email });
    expect(sent.data).toEqual({ detail: AUTH_MESSAGES.resetSent });
    const link = await passwordResetLink(t, owner.email);
    const input = { ...link, newPassword1: NEW_PASSWORD, newPassword2: NEW_PASSWORD };
    const ok = await trpcMutation(t, 'auth.confirmPasswordReset', input);
    expect(ok.data).toEqual({ detail: AUTH_MESSAGES.passwordChanged });
    const reused = await trpcMutation(t, 'auth.confirmPasswordReset', input);
    expect(reused.status).toBe(400);
    expect(reused.error!.data.body).toEqual({ token: [AUTH_MESSAGES.resetInvalid], code: 'link_invalid' });
  });
});
