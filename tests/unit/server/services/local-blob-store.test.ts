import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '@server/services/blob-store.js';

// Two requests may store the same key at once (two uploads of one document keep its source under the
// document's SHA-256): both writes succeed and the blob is whole.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalBlobStore', () => {
  it('stores the same key from concurrent writes', async () => {
    const store = new LocalBlobStore(root);
    const body = Buffer.alloc(256 * 1024, 7);
    await Promise.all(Array.from({ length: 8 }, () => store.put('sources/same.docx', body, 'application/zip')));
    expect(await store.get('sources/same.docx')).toEqual({ body, contentType: 'application/zip' });
    expect(fs.readdirSync(path.join(root, 'sources')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
