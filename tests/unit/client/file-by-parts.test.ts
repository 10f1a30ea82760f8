import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// restFileByParts (client/src/lib/rest.ts): how the viewer reads a large deal document. A small file
// comes whole; a large one as its first megabyte and a reader of parts, each checked to belong to
// the same file through If-Range.

const MB = 1024 * 1024;

/** A file server answering ranges as the API does (rest/blob-reply.ts sendFileByRange). */
function fileServer(initial: Buffer) {
  let file = initial;
  let etag = '"v1"';
  const asked: string[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const range = /^bytes=(\d+)-(\d+)$/.exec(headers.get('range') ?? '');
    const ifRange = headers.get('if-range');
    asked.push(headers.get('range') ?? 'whole');
    if (!range || (ifRange && ifRange !== etag))
      return new Response(new Uint8Array(file), { status: 200, headers: { etag } });
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), file.length - 1);
    return new Response(new Uint8Array(file.subarray(start, end + 1)), {
      status: 206,
      headers: { etag, 'content-range': `bytes ${start}-${end}/${file.length}` },
    });
  });
  const replace = (next: Buffer) => {
    file = next;
    etag = '"v2"';
  };
  return { fetch, asked, replace };
}

const bytes = (size: number, seed = 7) => Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 256));

describe('restFileByParts', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal('window', { location: { origin: 'http://app.test' }, addEventListener() {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function load(server: ReturnType<typeof fileServer>) {
    vi.stubGlobal('fetch', server.fetch);
    return (await import('@client/lib/rest')).restFileByParts;
  }

  it('gives a file of a megabyte or less whole, in one request', async () => {
    const file = bytes(300_000);
    const server = fileServer(file);
    const got = await (await load(server))('/projects/projects/1/documents/2/file/');
    expect(got).toBeInstanceOf(Blob);
    expect(Buffer.from(await (got as Blob).arrayBuffer()).equals(file)).toBe(true);
    expect(server.asked).toEqual([`bytes=0-${MB - 1}`]);
  });

  it('gives a larger file as its first megabyte and reads any other part of it', async () => {
    const file = bytes(5 * MB);
    const server = fileServer(file);
    const got = await (await load(server))('/projects/projects/1/documents/2/file/');
    if (got instanceof Blob) throw new Error('expected a file read by parts');
    expect(got.size).toBe(5 * MB);
    expect(Buffer.from(got.head).equals(file.subarray(0, MB))).toBe(true);
    const part = await got.read(4 * MB, 4 * MB + 65_536);
    expect(Buffer.from(part).equals(file.subarray(4 * MB, 4 * MB + 65_536))).toBe(true);
    expect(server.asked).toEqual([`bytes=0-${MB - 1}`, `bytes=${4 * MB}-${4 * MB + 65_535}`]);
  });

  it('refuses a part of a file replaced since the first: the server sent the new file whole', async () => {
    const server = fileServer(bytes(3 * MB));
    const got = await (await load(server))('/projects/projects/1/documents/2/file/');
    if (got instanceof Blob) throw new Error('expected a file read by parts');
    server.replace(bytes(3 * MB, 11));
    await expect(got.read(2 * MB, 2 * MB + 100)).rejects.toThrow(
      'This document was replaced while you were reading it. Close it and open it again.',
    );
  });
});
