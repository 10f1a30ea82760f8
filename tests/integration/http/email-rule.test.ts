import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { ownerPayload } from '@tests/support/factories.js';
import { post } from '@tests/support/http.js';

// shared/email-address.ts: one strict rule for e-mail addresses at every door; an address outside it
// creates no account and queues no e-mail.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const hostile = [
  'bell\u0007@example.com',
  'del\u007f@example.com',
  '"quoted"@example.com',
  "o'hara@example.com",
  'jane@localhost',
];

describe('the e-mail rule', () => {
  it('refuses hostile addresses at sign-up, sign-in, password reset and Contact us, creating nothing', async () => {
    for (const email of hostile) {
      const signUp = await post(t, '/registration/', ownerPayload({ email }));
      expect(signUp.status, JSON.stringify(email)).toBe(400);
      expect(signUp.body.email).toEqual(['Invalid email format']);
      expect((await post(t, '/authentication/login/', { email, password: 'whatever-1' })).body.email).toEqual([
        'Invalid email format',
      ]);
      expect((await post(t, '/authentication/password/reset/', { email })).status).toBe(400);
      const contact = await post(t, '/contact-us/', { first_name: 'A', email, contact_no: '1', messages: 'Hello' });
      expect(contact.status).toBe(400);
    }
    expect(await t.core.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await t.core.db.selectFrom('outboxEmails').select('id').execute()).toEqual([]);
  });
});
