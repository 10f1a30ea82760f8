import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '@server/services/blob-store';

describe('LocalBlobStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'blobs-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores the same key from several writes at once, as two uploads of one document do', async () => {
    const store = new LocalBlobStore(root);
    const body = Buffer.from('%PDF-1.7 the same document');
    await Promise.all([
      ...Array.from({ length: 4 }, () => store.put('sources/abc.docx', body, 'application/pdf')),
      store.putStream('sources/abc.docx', Readable.from([body]), 'application/pdf'),
    ]);
    const blob = await store.get('sources/abc.docx');
    expect(blob?.body.equals(body)).toBe(true);
    expect(blob?.contentType).toBe('application/pdf');
    // Nothing half-written is left beside it.
    expect(await fs.readdir(path.join(root, 'sources'))).toEqual(['abc.docx', 'abc.docx.type']);
  });
});
