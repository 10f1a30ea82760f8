import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore, RangeNotSatisfiable } from '@server/services/blob-store';
import { buffer } from 'node:stream/consumers';

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

  it('reads a part of a blob: its bytes, the whole size and where the part lies, clamped to the end', async () => {
    const store = new LocalBlobStore(root);
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await store.put('docs/a.pdf', body, 'application/pdf');
    const part = await store.open('docs/a.pdf', { start: 100, end: 199 });
    expect(part).toMatchObject({ size: 1000, range: { start: 100, end: 199 }, contentType: 'application/pdf' });
    expect((await buffer(part!.body)).equals(body.subarray(100, 200))).toBe(true);
    const tail = await store.open('docs/a.pdf', { start: 990, end: 5000 });
    expect(tail!.range).toEqual({ start: 990, end: 999 });
    expect((await buffer(tail!.body)).equals(body.subarray(990))).toBe(true);
    const open = await store.open('docs/a.pdf', { start: 995 });
    expect((await buffer(open!.body)).equals(body.subarray(995))).toBe(true);
    const whole = await store.open('docs/a.pdf');
    expect(whole!.range).toBeUndefined();
    expect((await buffer(whole!.body)).equals(body)).toBe(true);
    await expect(store.open('docs/a.pdf', { start: 1000 })).rejects.toEqual(new RangeNotSatisfiable(1000));
    expect(await store.open('docs/none.pdf', { start: 0, end: 9 })).toBeNull();
  });

  it('gives a blob written again a new ETag, so a reader of the old one can tell', async () => {
    const store = new LocalBlobStore(root);
    await store.put('docs/b.pdf', Buffer.from('first version'), 'application/pdf');
    const first = await store.open('docs/b.pdf');
    first!.body.destroy();
    expect((await store.open('docs/b.pdf'))!.etag).toBe(first!.etag);
    await store.put('docs/b.pdf', Buffer.from('second version'), 'application/pdf');
    expect((await store.open('docs/b.pdf'))!.etag).not.toBe(first!.etag);
  });
});
