import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, PASSWORD, type TestUser } from '@tests/support/factories.js';
import { authHeader, get, post } from '@tests/support/http.js';

// server/app.ts: no API answer may be stored by a browser or a proxy; the CSP lets the page connect to
// its own origin only (HTTP and websocket).

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp({ appUrl: 'https://nda.example.com' });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: tokens, data, errors, files, unknown paths, tRPC', async () => {
    const answers = [
      await post(t, '/authentication/login/', { email: owner.email, password: PASSWORD }),
      await post(t, '/authentication/login/', { email: owner.email, password: 'wrong-password' }),
      await post(t, '/authentication/token/refresh/', { refresh: owner.refresh }),
      await get(t, '/permissions/', authHeader(owner.access)),
      await get(t, '/permissions/'),
      await get(t, '/no/such/path/'),
      await get(t, '/openapi.json'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], JSON.stringify(res.body)).toBe('no-store');
    for (const url of ['/trpc/account.me', '/trpc/auth.login', '/api/v1', '/api/v1/me/1/sign/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: authHeader(owner.access) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves the app itself to its own caching rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('Content-Security-Policy', () => {
  it("connects to the app's own origin and its websocket form only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe("connect-src 'self' wss://nda.example.com");
  });
});
