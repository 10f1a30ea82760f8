import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import { INPUT_MESSAGES } from '@server/untrusted-input.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, ownerPayload, type TestUser } from '@tests/support/factories.js';

// The four ways bad input used to answer 500, each answered 400 in the spec's error shape at the door
// (server/untrusted-input.ts, server/rest/multipart.ts, shared/schemas/ids.ts).

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${owner.access}` });
const json = (method: 'POST' | 'GET', url: string, payload?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('a NUL character in text', () => {
  it('is refused under its field on the anonymous routes, REST and tRPC', async () => {
    const NUL = '\u0000';
    const cases = [
      [`${API_BASE}/authentication/login/`, { email: `a${NUL}@b.co`, password: 'x' }, 'email'],
      [`${API_BASE}/authentication/password/reset/`, { email: `a${NUL}@b.co` }, 'email'],
      [`${API_BASE}/registration/`, ownerPayload({ first_name: `Ann${NUL}` }), 'firstName'],
      ['/trpc/auth.login', { email: 'a@b.co', password: `pw${NUL}` }, 'password'],
    ] as const;
    for (const [url, body, field] of cases) {
      const res = await json('POST', url, JSON.stringify(body));
      expect(res.statusCode, url).toBe(400);
      const errors = url.startsWith('/trpc') ? res.json().error.data.body : res.json();
      expect(errors, url).toEqual({ [field]: [INPUT_MESSAGES.nullCharacter], code: 'invalid_input' });
    }
    // A multipart text field holding JSON is checked once decoded too: the escape \u0000 is a NUL.
    const B = 'nulboundary';
    const recipients = JSON.stringify([{ first_name: `A${NUL}`, last_name: 'B', email: 'a@b.co' }]);
    const form = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/projects/project_branches/`,
      payload: `--${B}\r\nContent-Disposition: form-data; name="recipients"\r\n\r\n${recipients}\r\n--${B}--\r\n`,
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expect(recipients).not.toContain(NUL);
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ recipients: [INPUT_MESSAGES.nullCharacter], code: 'invalid_input' });
    const query = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/projects/?search=a%00`,
      headers: auth(),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ search: [INPUT_MESSAGES.nullCharacter], code: 'invalid_input' });
  });
});

describe('deeply nested JSON', () => {
  it('is refused before anything walks it', async () => {
    for (const nested of [
      '['.repeat(100_000) + ']'.repeat(100_000),
      '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
    ]) {
      const rest = await json('POST', `${API_BASE}/authentication/login/`, `{"email":${nested}}`);
      expect(rest.statusCode).toBe(400);
      expect(rest.json()).toEqual({ detail: INPUT_MESSAGES.tooDeep, code: 'malformed_request' });
      const trpc = await json('POST', '/trpc/auth.login', `{"email":${nested}}`);
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.data.body).toEqual({ detail: INPUT_MESSAGES.tooDeep, code: 'malformed_request' });
    }
  });
});

describe('a broken multipart body', () => {
  it('answers 400 on a form route, 415 where no form is read', async () => {
    const B = 'xx';
    const bodies = [
      ['multipart/form-data', 'garbage'],
      [`multipart/form-data; boundary=${B}`, 'garbage'],
      [`multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc`],
      // A part whose headers cannot be read: the parser skips it, and the form is not taken as empty.
      [`multipart/form-data; boundary=${B}`, `--${B}\r\nGarbage\r\n\r\nx\r\n--${B}--`],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/projects/nda/`,
        payload,
        headers: { ...auth(), 'content-type': type! },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ detail: 'Malformed request.', code: 'malformed_request' });
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/authentication/logout/`,
      payload: 'garbage',
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expect(logout.statusCode).toBe(415);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: 'garbage',
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
    });
    expect(trpc.statusCode).toBe(415);
    expect(trpc.json().error.data).toMatchObject({ httpStatus: 415, body: { detail: 'Unsupported media type.' } });
  });
});

describe('ids above PostgreSQL integer', () => {
  it('are refused as invalid in tRPC threads and comments and in REST query ids; a path id that cannot exist is 404', async () => {
    const huge = 2_147_483_648;
    for (const [path, input, field] of [
      ['threads.remove', { id: huge }, 'id'],
      ['threads.deleteComment', { id: huge }, 'id'],
      ['threads.comment', { commentThread: huge, text: 'x' }, 'commentThread'],
    ] as const) {
      const res = await json('POST', `/trpc/${path}`, JSON.stringify(input), auth());
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.data.body, path).toEqual({
        [field]: ['A valid integer is required.'],
        code: 'invalid_input',
      });
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/trpc/threads.list?input=${encodeURIComponent(JSON.stringify({ nda: huge }))}`,
      headers: auth(),
    });
    expect(list.statusCode).toBe(400);
    const query = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/comments/?comment_thread=${huge}`,
      headers: auth(),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ commentThread: ['A valid integer is required.'], code: 'invalid_input' });
    const path = await t.app.inject({ method: 'GET', url: `${API_BASE}/projects/projects/${huge}/`, headers: auth() });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});
