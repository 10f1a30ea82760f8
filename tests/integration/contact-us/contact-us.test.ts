import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@shared/schemas/contact.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { latestMail } from '@tests/support/factories.js';
import { post, trpcMutation } from '@tests/support/http.js';

// server/commands/contact-us/send-contact-message.ts through POST /contact-us/ and contactUs.send.

const PER_IP = 3;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    contactEmail: 'deals-desk@example.com',
    contactLimit: { perIp: PER_IP, windowMs: 3_600_000 },
  });
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** A fresh client address per call site, so one test's count never reaches another's. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const valid = {
  first_name: 'Helena',
  email: 'Helena.Marsh@Example.com',
  contact_no: '+44 20 7946 0321',
  messages: 'We run a sell-side process with about 80 bidders next quarter.\n\nCould we see a demonstration?',
};

const countRows = async () =>
  Number(
    (
      await t.core.db
        .selectFrom('contactMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countMails = async () =>
  Number(
    (
      await t.core.db
        .selectFrom('outboxEmails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('toAddress', '=', 'deals-desk@example.com')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /contact-us/', () => {
  it('keeps the message and queues an e-mail to the configured team address, replying to the sender (201)', async () => {
    const ip = freshIp();
    const res = await post(t, '/contact-us/', valid, {}, ip);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: CONTACT_MESSAGES.sent });

    const row = await t.core.db
      .selectFrom('contactMessages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      firstName: 'Helena',
      email: 'helena.marsh@example.com',
      contactNo: '+44 20 7946 0321',
      message: valid.messages,
      ip,
    });

    const mail = await latestMail(t, 'deals-desk@example.com');
    expect(mail).toMatchObject({ subject: 'Contact request from Helena' });
    expect(JSON.parse(mail!.headers!)).toEqual({ 'Reply-To': 'helena.marsh@example.com' });
    expect(mail!.textBody).toContain('E-mail: helena.marsh@example.com');
    expect(mail!.textBody).toContain('Contact number: +44 20 7946 0321');
    expect(mail!.textBody).toContain('Could we see a demonstration?');
    // Nothing goes to the address the visitor typed.
    expect(await latestMail(t, 'helena.marsh@example.com')).toBeUndefined();
  });

  it('escapes what the visitor typed in the HTML of the e-mail', async () => {
    const res = await post(
      t,
      '/contact-us/',
      { ...valid, messages: '<script>alert(1)</script> & <b>bold</b>' },
      {},
      freshIp(),
    );
    expect(res.status).toBe(201);
    const mail = await latestMail(t, 'deals-desk@example.com');
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('answers every missing field with the form’s message at once (400), storing nothing', async () => {
    const [rows, mails] = [await countRows(), await countMails()];
    const res = await post(t, '/contact-us/', {}, {}, freshIp());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      firstName: ['First name is required'],
      email: ['Email is required'],
      contactNo: ['Contact number is required'],
      messages: ['Message is required'],
      code: 'invalid_input',
    });
    expect([await countRows(), await countMails()]).toEqual([rows, mails]);
  });

  it.each([
    ['first_name', 'firstName', 'First name is required'],
    ['email', 'email', 'Email is required'],
    ['contact_no', 'contactNo', 'Contact number is required'],
    ['messages', 'messages', 'Message is required'],
  ])('answers a blank %s with its message', async (field, key, message) => {
    const res = await post(t, '/contact-us/', { ...valid, [field]: '   ' }, {}, freshIp());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ [key]: [message], code: 'invalid_input' });
  });

  it('refuses an e-mail address that is not one', async () => {
    const res = await post(t, '/contact-us/', { ...valid, email: 'helena at example' }, {}, freshIp());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Invalid email format'], code: 'invalid_input' });
  });

  it.each([
    ['a name over 30 characters', { first_name: 'x'.repeat(31) }, 'firstName'],
    ['a name with a new line (a header injection)', { first_name: 'Helena\r\nBcc: all@example.com' }, 'firstName'],
    ['letters for a contact number', { contact_no: 'call me maybe' }, 'contactNo'],
    ['a contact number over 32 characters', { contact_no: '1'.repeat(33) }, 'contactNo'],
    ['a message over 5000 characters', { messages: 'x'.repeat(5001) }, 'messages'],
    ['a number for the message', { messages: 42 }, 'messages'],
    ['an object for the e-mail', { email: { $ne: '' } }, 'email'],
  ])('answers 400 to %s, storing nothing', async (_what, change, key) => {
    const [rows, mails] = [await countRows(), await countMails()];
    const res = await post(t, '/contact-us/', { ...valid, ...change }, {}, freshIp());
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([key, 'code']);
    expect([await countRows(), await countMails()]).toEqual([rows, mails]);
  });

  it('answers 4xx to a NUL character, a body that is not an object and JSON that does not parse', async () => {
    const rows = await countRows();
    const ip = freshIp();
    expect((await post(t, '/contact-us/', { ...valid, messages: 'hello\u0000world' }, {}, ip)).status).toBe(400);
    expect((await post(t, '/contact-us/', [valid], {}, ip)).status).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-us/',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": "Helena",',
      remoteAddress: ip,
    });
    expect(broken.statusCode).toBe(400);
    expect(await countRows()).toBe(rows);
  });

  it(`allows ${PER_IP} messages per IP address an hour, then answers 429 with Retry-After`, async () => {
    const ip = freshIp();
    // Refused input is not counted: only messages that would be sent are.
    expect((await post(t, '/contact-us/', {}, {}, ip)).status).toBe(400);
    for (let i = 0; i < PER_IP; i++) expect((await post(t, '/contact-us/', valid, {}, ip)).status).toBe(201);
    const mails = await countMails();
    const limited = await post(t, '/contact-us/', valid, {}, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: CONTACT_MESSAGES.tooMany, code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBe('3600');
    expect(await countMails()).toBe(mails);
    // Another address is still served.
    expect((await post(t, '/contact-us/', valid, {}, freshIp())).status).toBe(201);
  });
});

describe('contactUs.send (tRPC)', () => {
  it('sends the same message through the React client’s door', async () => {
    const res = await trpcMutation(t, 'contactUs.send', {
      firstName: 'Tomas',
      email: 'tomas@example.com',
      contactNo: '020 7946 0999',
      messages: 'Please call me about the Bulge-Bracket plan.',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ detail: CONTACT_MESSAGES.sent });
    expect(await latestMail(t, 'deals-desk@example.com')).toMatchObject({ subject: 'Contact request from Tomas' });
  });

  it('answers the field messages in the error body', async () => {
    const res = await trpcMutation(t, 'contactUs.send', { firstName: '', email: 'nope', contactNo: '', messages: '' });
    expect(res.status).toBe(400);
    expect(res.error!.data.body).toEqual({
      firstName: ['First name is required'],
      email: ['Invalid email format'],
      contactNo: ['Contact number is required'],
      messages: ['Message is required'],
      code: 'invalid_input',
    });
  });
});
