import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner } from '@tests/support/factories.js';

// server/dev/mailbox.ts: the dev mailbox holds reset and activation links, so only this machine may read it.

let local: TestApp;
let proxied: TestApp;
let mailId: number;
beforeAll(async () => {
  local = await startTestApp();
  // Behind a proxy req.ip comes from X-Forwarded-For; the mailbox must not believe it.
  proxied = await startTestApp({ trustProxy: true });
  await createOwner(local);
  const mail = await local.core.db.selectFrom('outboxEmails').select('id').executeTakeFirstOrThrow();
  mailId = mail.id;
});
afterAll(async () => {
  await local?.close();
  await proxied?.close();
});

const open = (t: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('dev mailbox', () => {
  it('is served to loopback callers, IPv4, IPv6 and IPv4-mapped', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const list = await open(local, '/dev/mailbox', address);
      expect(list.statusCode, address).toBe(200);
      expect(list.body).toContain(`/dev/mailbox/${mailId}`);
      expect((await open(local, `/dev/mailbox/${mailId}`, address)).statusCode, address).toBe(200);
    }
  });

  it('answers 404 to any other address, and shows no mail', async () => {
    for (const address of ['10.0.0.7', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.7']) {
      for (const url of ['/dev/mailbox', `/dev/mailbox/${mailId}`]) {
        const res = await open(local, url, address);
        expect(res.statusCode, `${address} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
    }
  });

  it('cannot be reached by writing a loopback address into X-Forwarded-For', async () => {
    for (const t of [local, proxied]) {
      const spoofed = await open(t, '/dev/mailbox', '10.0.0.7', { 'x-forwarded-for': '127.0.0.1' });
      expect(spoofed.statusCode).toBe(404);
    }
    // A proxy on this machine connects from loopback: what it relays comes from elsewhere.
    const relayed = await open(proxied, '/dev/mailbox', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(relayed.statusCode).toBe(404);
    expect((await open(proxied, '/dev/mailbox', '127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
  });
});
