import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { REFRESH_GRACE_MS } from '@server/commands/auth/refresh-session.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, loginAs } from '@tests/support/factories.js';
import { authHeader, get, post, trpcMutation, trpcQuery } from '@tests/support/http.js';

// server/commands/auth/refresh-session.ts, logout.ts and server/queries/auth/authenticate.ts.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const refresh = (token: string) => post(t, '/authentication/token/refresh/', { refresh: token });
const permissions = (access: string) => get(t, '/permissions/', authHeader(access));

/** Moves the user's rotations back past the grace in which a rotated token still answers its new pair. */
async function pastGrace(userId: number): Promise<void> {
  await t.core.db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
    .where('userId', '=', userId)
    .where('replacedById', 'is not', null)
    .execute();
}

/** An access token for a user and session, signed with the app's secret, with the given claims. */
function signAccess(userId: number, sid: string, opts: { exp: number; typ?: string }): Promise<string> {
  return new SignJWT({ sid, typ: opts.typ ?? 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(opts.exp - 900)
    .setExpirationTime(opts.exp)
    .sign(new TextEncoder().encode(t.config.secrets.access));
}

describe('POST /authentication/token/refresh/', () => {
  it('rotates: answers a new access and a new refresh token of the same session', async () => {
    const owner = await createOwner(t);
    const res = await refresh(owner.refresh);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
    expect(res.body.refresh).not.toBe(owner.refresh);
    expect(decodeJwt(res.body.access).sid).toBe(decodeJwt(owner.access).sid);
    expect((await permissions(res.body.access)).status).toBe(200);
    // The next rotation works from the new token.
    const next = await refresh(res.body.refresh);
    expect(next.status).toBe(200);
  });

  it('treats a rotated refresh token reused after the grace as theft: 401 and the whole session ends', async () => {
    const owner = await createOwner(t);
    const rotated = await refresh(owner.refresh);
    expect(rotated.status).toBe(200);
    await pastGrace(owner.id);

    const reuse = await refresh(owner.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ detail: 'Refresh Token expired', code: 'refresh_expired' });

    // The thief's or the user's newer token of the same family is revoked too, and so are its access tokens.
    const newer = await refresh(rotated.body.refresh);
    expect(newer.status).toBe(401);
    expect(newer.body).toEqual({ detail: AUTH_MESSAGES.refreshExpired, code: 'refresh_expired' });
    expect((await permissions(rotated.body.access)).status).toBe(401);
    expect((await permissions(owner.access)).status).toBe(401);
  });

  it('leaves the other sessions of the user alone when one is revoked for theft', async () => {
    const owner = await createOwner(t);
    const other = await loginAs(t, owner.email);
    await refresh(owner.refresh);
    await pastGrace(owner.id);
    expect((await refresh(owner.refresh)).status).toBe(401);
    expect((await permissions(other.access)).status).toBe(200);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('answers 401 "Refresh Token expired" for an expired refresh token', async () => {
    const owner = await createOwner(t);
    await t.core.db
      .updateTable('refreshTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', owner.id)
      .execute();
    const res = await refresh(owner.refresh);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Refresh Token expired', code: 'refresh_expired' });
    // An expired session also no longer authenticates its access token.
    expect((await permissions(owner.access)).status).toBe(401);
  });

  it('answers 401 for garbage and 400 for a missing token', async () => {
    const garbage = await refresh('this-is-not-a-refresh-token');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ detail: AUTH_MESSAGES.tokenInvalid, code: 'token_invalid' });
    const owner = await createOwner(t);
    const accessAsRefresh = await refresh(owner.access);
    expect(accessAsRefresh.status).toBe(401);
    const missing = await post(t, '/authentication/token/refresh/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ refresh: ['Refresh token is required'], code: 'invalid_input' });
  });

  it('ends the session of a user deleted meanwhile', async () => {
    const owner = await createOwner(t);
    await t.core.db.updateTable('users').set({ isDeleted: true }).where('id', '=', owner.id).execute();
    expect((await refresh(owner.refresh)).status).toBe(401);
    await t.core.db.updateTable('users').set({ isDeleted: false }).where('id', '=', owner.id).execute();
    // The family was revoked, so undeleting does not bring the session back.
    expect((await refresh(owner.refresh)).status).toBe(401);
  });

  it('answers the same new pair to simultaneous refreshes with one token, and the pair works', async () => {
    const owner = await createOwner(t);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(owner.refresh)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers.slice(1)) expect(a.body).toEqual(answers[0]!.body);
    const pair = answers[0]!.body as { access: string; refresh: string };
    expect((await permissions(pair.access)).status).toBe(200);
    // A retry a moment later gets the same pair too, which stays the session's live one.
    expect((await refresh(owner.refresh)).body).toEqual(pair);
    const next = await refresh(pair.refresh);
    expect(next.status).toBe(200);
    expect((await permissions(next.body.access)).status).toBe(200);
  });

  it('treats the old token as theft once its new pair was itself refreshed, even within the grace', async () => {
    const owner = await createOwner(t);
    const rotated = await refresh(owner.refresh);
    const next = await refresh(rotated.body.refresh);
    expect(next.status).toBe(200);
    expect((await refresh(owner.refresh)).status).toBe(401);
    expect((await refresh(next.body.refresh)).status).toBe(401);
    expect((await permissions(next.body.access)).status).toBe(401);
  });

  it('does not bring back a session that ended within the grace', async () => {
    const owner = await createOwner(t);
    const rotated = await refresh(owner.refresh);
    expect((await post(t, '/authentication/logout/', undefined, authHeader(rotated.body.access))).status).toBe(200);
    expect((await refresh(owner.refresh)).status).toBe(401);
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
  });

  it('works through tRPC (auth.refresh)', async () => {
    const owner = await createOwner(t);
    const ok = await trpcMutation(t, 'auth.refresh', { refresh: owner.refresh });
    expect(ok.status).toBe(200);
    expect(ok.data.refresh).not.toBe(owner.refresh);
    const again = await trpcMutation(t, 'auth.refresh', { refresh: owner.refresh });
    expect(again.data).toEqual(ok.data);
    await pastGrace(owner.id);
    const reuse = await trpcMutation(t, 'auth.refresh', { refresh: owner.refresh });
    expect(reuse.status).toBe(401);
    expect(reuse.error!.message).toBe('Refresh Token expired');
    expect(reuse.error!.data).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      body: { detail: 'Refresh Token expired' },
    });
  });
});

describe('POST /authentication/logout/', () => {
  it('ends the session: its refresh token fails and its access token is refused at once', async () => {
    const owner = await createOwner(t);
    const other = await loginAs(t, owner.email);
    const res = await post(t, '/authentication/logout/', undefined, authHeader(owner.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Successfully logged out.' });

    const denied = await permissions(owner.access);
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ detail: 'Session has ended. Please sign in again.', code: 'session_ended' });
    expect((await refresh(owner.refresh)).status).toBe(401);
    // Logging out twice with the same token is a 401, not a 500.
    expect((await post(t, '/authentication/logout/', undefined, authHeader(owner.access))).status).toBe(401);

    // Only that session: the user's other session keeps working.
    expect((await permissions(other.access)).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const res = await post(t, '/authentication/logout/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
  });

  it('works through tRPC (auth.logout)', async () => {
    const owner = await createOwner(t);
    const ok = await trpcMutation(t, 'auth.logout', undefined, authHeader(owner.access));
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ detail: 'Successfully logged out.' });
    const after = await trpcQuery(t, 'account.permissions', undefined, authHeader(owner.access));
    expect(after.status).toBe(401);
    expect(after.error!.data.body).toEqual({
      detail: 'Session has ended. Please sign in again.',
      code: 'session_ended',
    });
    const anonymous = await trpcMutation(t, 'auth.logout');
    expect(anonymous.status).toBe(401);
    expect(anonymous.error!.data.body).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });
});

describe('access tokens (authenticate)', () => {
  it('answers 401 with a detail when the token is missing', async () => {
    const res = await get(t, '/permissions/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const notBearer = await get(t, '/permissions/', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(notBearer.status).toBe(401);
    expect(notBearer.body).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });

  it('answers 401 with a detail when the token is invalid or forged', async () => {
    const owner = await createOwner(t);
    const garbage = await permissions('not.a.jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ detail: AUTH_MESSAGES.tokenInvalid, code: 'token_invalid' });

    const claims = decodeJwt(owner.access);
    const forged = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await permissions(forged)).body).toEqual({ detail: AUTH_MESSAGES.tokenInvalid, code: 'token_invalid' });

    const wrongType = await signAccess(owner.id, String(claims.sid), {
      exp: Math.floor(Date.now() / 1000) + 300,
      typ: 'refresh',
    });
    expect((await permissions(wrongType)).status).toBe(401);
  });

  it('answers 401 "Token is expired" for an expired token of a live session', async () => {
    const owner = await createOwner(t);
    const sid = String(decodeJwt(owner.access).sid);
    const expired = await signAccess(owner.id, sid, { exp: Math.floor(Date.now() / 1000) - 10 });
    const res = await permissions(expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token is expired', code: 'token_expired' });
    // The same claims, not expired, are accepted: only the expiry was refused.
    expect(
      (await permissions(await signAccess(owner.id, sid, { exp: Math.floor(Date.now() / 1000) + 60 }))).status,
    ).toBe(200);
  });

  it('refuses a valid signature naming another user than the session owner', async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const token = await signAccess(b.id, String(decodeJwt(a.access).sid), { exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await permissions(token)).status).toBe(401);
  });
});
