import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import {
  activationKey,
  createOwner,
  invitationPayload,
  invite,
  ownerPayload,
  PASSWORD,
  passwordResetLink,
} from '@tests/support/factories.js';
import { type ApiResponse, authHeader, get, post, trpcMutation, trpcQuery } from '@tests/support/http.js';

// server/app.ts: what every response shares (JSON 404s, security headers) and what never leaves the server.

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ logLevel: 'trace' });
  captureLogs(t, logLines);
});
afterAll(async () => {
  await t?.close();
});

/** Tees the app's pino destination (shared by every child logger) into lines. */
function captureLogs(app: TestApp, into: string[]): void {
  const log = app.app.log as unknown as Record<symbol, { write(chunk: string): boolean }>;
  let sym: symbol | undefined;
  for (let o: object | null = log; o && !sym; o = Object.getPrototypeOf(o)) {
    sym = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.stream');
  }
  if (!sym) throw new Error('pino stream not found');
  const stream = log[sym]!;
  stream.write = (chunk: string) => {
    into.push(chunk);
    return true;
  };
}

describe('unknown paths', () => {
  it('answer 404 JSON under /api/v1 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no/such/thing/' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('answer 405 with Allow to an unsupported method on a known path, 404 to an unknown tRPC procedure', async () => {
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/api/v1/authentication/login/' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.json()).toEqual({ detail: 'Method "GET" not allowed.', code: 'method_not_allowed' });
    const trpc = await trpcQuery(t, 'nope.nothing');
    expect(trpc.status).toBe(404);
  });
});

describe('/healthz', () => {
  it('answers at once, and says when the signing worker has been warmed', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ok: true, signingReady: false, sealBacklog: 0 });
    await t.core.signing.warm(1);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      ok: true,
      signingReady: true,
      sealBacklog: 0,
    });
  });
});

describe('security headers', () => {
  it('are sent on API answers, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/permissions/' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/missing/' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('secrets', () => {
  it('no response body or log line carries a password or its hash; logs carry no token either', async () => {
    const bodies: string[] = [];
    const keep = <T extends ApiResponse | { data?: unknown; error?: unknown }>(r: T): T => {
      bodies.push(JSON.stringify(r));
      return r;
    };

    const payload = ownerPayload();
    const email = String(payload.email);
    keep(await post(t, '/registration/', payload));
    keep(await post(t, '/registration/', payload)); // duplicate
    keep(await post(t, '/authentication/login/', { email, password: PASSWORD })); // not activated
    keep(await post(t, '/registration/verify-email/', { key: await activationKey(t, email) }));
    keep(await post(t, '/authentication/login/', { email, password: 'wrong-password' }));
    const session = keep(await post(t, '/authentication/login/', { email, password: PASSWORD }));
    const access: string = session.body.access;
    keep(await trpcMutation(t, 'auth.login', { email, password: PASSWORD }));
    keep(await trpcQuery(t, 'account.me', undefined, authHeader(access)));
    keep(await get(t, '/permissions/', authHeader(access)));
    keep(await get(t, '/onboarding/', authHeader(access)));
    const rotated = keep(await post(t, '/authentication/token/refresh/', { refresh: session.body.refresh }));
    keep(await post(t, '/authentication/token/refresh/', { refresh: session.body.refresh })); // a retry: same pair
    await t.core.db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where('userId', '=', session.body.user.id)
      .where('replacedById', 'is not', null)
      .execute();
    keep(await post(t, '/authentication/token/refresh/', { refresh: session.body.refresh })); // theft
    const inv = await invite(t, { id: session.body.user.id, user: session.body.user }, 'member');
    keep(await post(t, '/registration/member_invitation_confirm/', invitationPayload(inv)));
    keep(await post(t, '/authentication/password/reset/', { email }));
    keep(
      await post(t, '/authentication/password/reset/confirm/', {
        ...(await passwordResetLink(t, email)),
        new_password1: 'new-secret-pass-1',
        new_password2: 'new-secret-pass-1',
      }),
    );
    const owner = await createOwner(t);
    keep(await post(t, '/authentication/logout/', undefined, authHeader(owner.access)));
    keep(await get(t, '/permissions/', authHeader(owner.access)));

    const hashes = (await t.core.db.selectFrom('users').select('passwordHash').execute())
      .map((u) => u.passwordHash)
      .filter((h): h is string => !!h);
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect(logLines.length).toBeGreaterThan(10);

    // Bodies carry tokens by design (login, refresh), never a password or a hash.
    for (const body of bodies) {
      for (const secret of [...hashes, '$argon2', PASSWORD, 'new-secret-pass-1'])
        expect(body.includes(secret), `${secret} in ${body.slice(0, 300)}`).toBe(false);
      expect(/passwordHash|password_hash/i.test(body), body.slice(0, 300)).toBe(false);
    }
    // Logs carry none of them, and no token either.
    const tokens = [
      session.body.refresh,
      rotated.body.refresh,
      owner.refresh,
      inv.token,
      access,
      rotated.body.access,
      owner.access,
    ];
    for (const line of logLines) {
      for (const secret of [...hashes, '$argon2', PASSWORD, 'new-secret-pass-1', ...tokens])
        expect(line.includes(secret), `${secret} in log ${line.slice(0, 300)}`).toBe(false);
      expect(/passwordHash|password_hash/i.test(line), line.slice(0, 300)).toBe(false);
    }
  });
});
