import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A minimal ZIP writer: every entry STORED (no compression: what it packs, PDFs, is compressed
 * already), names in UTF-8, streamed one entry at a time so only one file is in memory. No ZIP64, so
 * under 65,535 entries and 4 GiB in all (far beyond a project's signed NDAs).
 */
export interface ZipEntry {
  /** The entry's path inside the archive (unique, with no leading slash). */
  name: string;
  /** Its bytes, read when the stream reaches it. */
  read: () => Promise<Buffer>;
  modified?: Date;
}

const LOCAL_HEADER = 0x04034b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: what a stored entry with a UTF-8 name needs
const UTF8_NAMES = 0x0800; // general purpose flag bit 11
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** MS-DOS time and date (local fields of 2 seconds' precision, 1980 at the earliest), from UTC. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function localHeader(e: Written): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(LOCAL_HEADER, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(UTF8_NAMES, 6);
  h.writeUInt16LE(0, 8); // method: stored
  h.writeUInt16LE(e.time, 10);
  h.writeUInt16LE(e.date, 12);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.size, 18); // compressed size
  h.writeUInt32LE(e.size, 22); // uncompressed size
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28); // extra field length
  return Buffer.concat([h, e.name]);
}

function directoryEntry(e: Written): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(DIRECTORY_ENTRY, 0);
  h.writeUInt16LE(VERSION, 4); // made by
  h.writeUInt16LE(VERSION, 6); // needed
  h.writeUInt16LE(UTF8_NAMES, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(e.time, 12);
  h.writeUInt16LE(e.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.size, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  // extra length, comment length, disk number, internal and external attributes stay 0
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, e.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(END_OF_DIRECTORY, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}

async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Buffer> {
  if (entries.length > MAX_16) throw new Error('too many entries for a ZIP without ZIP64');
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = await entry.read();
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length > MAX_16) throw new Error('entry name too long');
    if (offset + 30 + name.length + data.length > MAX_32) throw new Error('archive too large for a ZIP without ZIP64');
    const e: Written = {
      name,
      crc: crc32(data),
      size: data.length,
      offset,
      ...dosDateTime(entry.modified ?? new Date()),
    };
    const header = localHeader(e);
    yield header;
    yield data;
    offset += header.length + data.length;
    written.push(e);
  }
  const directory = Buffer.concat(written.map(directoryEntry));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}

/** The archive as a stream; an entry that fails to read ends the stream with its error. */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
