import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { WatermarkPool } from '@server/services/watermark/watermark-pool.js';
import { pdfPagesText } from '@tests/support/pdf-tools.js';
import { fixture } from '@tests/support/account-area.js';

// The watermark worker is warmed at start (server/main.ts): a one-page document stamped in memory, so
// the first bidder to open a deal document does not wait for the worker and pdf-lib to load. Its time
// saved is a bench figure (`npm run bench -- watermarks`).

const pool = new WatermarkPool();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watermark-warm-'));
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('stamps a page in the worker, and the same worker then stamps a bidder’s copy', async () => {
  expect(await pool.warm()).toMatchObject({ pages: 1 });
  const source = path.join(dir, 'source.pdf');
  fs.writeFileSync(source, fixture('pdfs/normal.pdf'));
  const target = path.join(dir, 'copy.pdf');
  const stamp = {
    name: 'Ada Byron',
    company: 'Kestrel',
    email: 'ada@kestrel.test',
    at: new Date().toISOString(),
    ip: '203.0.113.9',
  };
  expect(await pool.stamp(source, target, stamp)).toMatchObject({ pages: 2 });
  for (const text of pdfPagesText(fs.readFileSync(target))) expect(text).toContain('ada@kestrel.test');
});
