import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { zipStream } from '@server/services/zip-writer.js';
import { HAS_UNZIP, readStoredZip, unzipTest } from '@tests/support/zip-read.js';

const files = [
  { name: 'Falcon - Group A - Mutual NDA (signed).pdf', data: crypto.randomBytes(70_000) },
  { name: 'Falcon - Bänk Ω - NDA (signed).pdf', data: Buffer.from('%PDF-1.7 tiny') },
  { name: 'empty.txt', data: Buffer.alloc(0) },
];

const archive = () =>
  buffer(
    zipStream(
      files.map((f) => ({ name: f.name, read: async () => f.data, modified: new Date('2026-03-04T05:06:08Z') })),
    ),
  );

describe('zipStream (STORE, CRC-32)', () => {
  it('writes every entry stored, under its UTF-8 name, with its exact bytes and CRC', async () => {
    const entries = readStoredZip(await archive());
    expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    for (const [i, entry] of entries.entries()) {
      expect(entry.method).toBe(0);
      expect(entry.crcMatches).toBe(true);
      expect(entry.data.equals(files[i]!.data)).toBe(true);
    }
  });

  it.runIf(HAS_UNZIP)('is an archive Info-ZIP tests without error', async () => {
    const out = unzipTest(await archive());
    expect(out).toMatch(/No errors detected/);
    // unzip prints non-ASCII names by the locale: count the entries, and check the ASCII names.
    expect(out.match(/^\s+testing: .+ OK$/gm)).toHaveLength(files.length);
    expect(out).toContain(files[0]!.name);
    expect(out).toContain(files[2]!.name);
  });

  it('an empty archive is still a valid ZIP', async () => {
    const zip = await buffer(zipStream([]));
    expect(zip.length).toBe(22);
    expect(readStoredZip(zip)).toEqual([]);
  });

  it('ends the stream with the error of an entry that cannot be read', async () => {
    const stream = zipStream([
      {
        name: 'a.pdf',
        read: () => Promise.reject(new Error('gone')),
      },
    ]);
    await expect(buffer(stream)).rejects.toThrow('gone');
  });
});
