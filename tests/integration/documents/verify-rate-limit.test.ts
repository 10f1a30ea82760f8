import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import { VERIFY_MESSAGES } from '@shared/verify.js';
import { loadConfig } from '@server/config.js';
import { type FormPart, formData } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { bytesPart, filePart } from '@tests/support/documents.js';
import { SETUP_MS } from '@tests/support/wait.js';

// POST /verify/ takes no sign-in, so it is limited per IP: RATE_LIMIT_VERIFY_PER_IP checks of PDFs an
// hour (commands/verify/verify-document.ts); a refused upload is not a check and is not counted.

const PER_IP = 3;
let t: TestApp;

beforeAll(async () => {
  // The limit as the environment sets it, read by the server's own configuration.
  const { verifyLimit } = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_VERIFY_PER_IP: String(PER_IP) });
  expect(verifyLimit.perIp).toBe(PER_IP);
  t = await startTestApp({ verifyLimit });
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;

async function verify(part: FormPart, ip: string) {
  const form = formData([part]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/verify/`,
    headers: { 'content-type': form.contentType },
    payload: form.payload,
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const pdf = () => filePart('file', 'pdfs/normal.pdf');
const notPdf = () => bytesPart('file', Buffer.from('just some text, not a PDF'), 'note.pdf');

describe('POST /verify/ is limited per IP', () => {
  it(`checks ${PER_IP} PDFs from one IP, then answers 429 with the spec's error shape and Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await verify(pdf(), ip);
      expect(res.status, `check ${i + 1}`).toBe(200);
      expect(res.body).toMatchObject({ checksum: 'not_found', document: null });
    }
    const limited = await verify(pdf(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: VERIFY_MESSAGES.tooMany, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still served.
    expect((await verify(pdf(), freshIp())).status).toBe(200);
  });

  it('does not count refused uploads that are not PDFs', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP + 2; i++) {
      const refused = await verify(notPdf(), ip);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ file: [VERIFY_MESSAGES.notPdf], code: 'upload_invalid' });
    }
    for (let i = 0; i < PER_IP; i++) expect((await verify(pdf(), ip)).status, `check ${i + 1}`).toBe(200);
    expect((await verify(pdf(), ip)).status).toBe(429);
  });
});
