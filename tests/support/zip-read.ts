import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { readZipDirectory } from '@server/services/zip-inspect.js';

/** Whether Info-ZIP's `unzip` is installed (it checks archives independently of our own reader). */
export const HAS_UNZIP = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `unzip -t` over the archive: its output, or throws when unzip finds it broken. */
export function unzipTest(zip: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'archive.zip');
  fs.writeFileSync(file, zip);
  try {
    return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export interface ReadEntry {
  name: string;
  data: Buffer;
  method: number;
  /** The CRC-32 the directory declares equals the data's. */
  crcMatches: boolean;
}

/** Every entry of a STORED archive, read through its central directory and local headers. */
export function readStoredZip(zip: Buffer): ReadEntry[] {
  const entries = readZipDirectory(zip);
  if (!entries) throw new Error('not a ZIP archive');
  let directoryAt = zip.length;
  for (let i = zip.length - 22; i >= 0; i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      directoryAt = zip.readUInt32LE(i + 16);
      break;
    }
  const crcs: number[] = [];
  for (let at = directoryAt, i = 0; i < entries.length; i++) {
    crcs.push(zip.readUInt32LE(at + 16));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries.map((entry, i) => {
    const at = entry.localOffset;
    if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`no local header for ${entry.name}`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.packedSize);
    return { name: entry.name, data, method: entry.method, crcMatches: crc32(data) === crcs[i] };
  });
}

/** Every entry of an archive, STORED or DEFLATED (a DOCX), unpacked. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const entries = readZipDirectory(zip);
  if (!entries) throw new Error('not a ZIP archive');
  return new Map(
    entries.map((entry) => {
      const at = entry.localOffset;
      if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`no local header for ${entry.name}`);
      const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
      const data = zip.subarray(start, start + entry.packedSize);
      if (entry.method === 0) return [entry.name, data];
      if (entry.method === 8) return [entry.name, inflateRawSync(data)];
      throw new Error(`${entry.name}: compression method ${entry.method}`);
    }),
  );
}

/** How many times an element opens in an XML text: `<w:ins ` or `<w:ins>`, not `<w:insText`. */
export function countElements(xml: string, name: string): number {
  return xml.match(new RegExp(`<${name}[\\s>/]`, 'g'))?.length ?? 0;
}
