import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '@server/app.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';

// server/app.ts and scripts/build.mjs: the built app's files go out compressed when the browser accepts
// it; content-hashed assets are cached for a year, the page itself is revalidated on every visit.

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
// A client build as scripts/build.mjs leaves it: the page, a content-hashed script, their .br and .gz.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-client-'));
const ASSET = '/assets/build-D4wWDV3k.js';
const script = fs.readFileSync(path.join(ROOT, 'scripts', 'build.mjs'));
const page = fs.readFileSync(path.join(ROOT, 'client', 'index.html'));

let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, ASSET), script);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), 'precompress', dir]);
  t = await startTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const fetchFile = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built app', () => {
  it('sends a content-hashed script as brotli or gzip, as the browser accepts, cached for a year', async () => {
    expect(fs.existsSync(path.join(dir, `${ASSET}.br`))).toBe(true);
    const br = await fetchFile(ASSET, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await fetchFile(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const plain = await fetchFile(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('revalidates the page on every visit, at / and at any client-side route', async () => {
    for (const url of ['/', '/projects/12/group/3/nda']) {
      const res = await fetchFile(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      const body =
        res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload;
      expect(body.equals(page), url).toBe(true);
    }
  });

  it('answers 404 for an asset that is not there, never the page', async () => {
    const res = await fetchFile('/assets/build-0ld0ld00.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/json/);
  });
});
