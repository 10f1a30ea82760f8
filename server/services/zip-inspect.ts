import { inflatedLength } from './inflated-length.js';

/**
 * What a word-processor archive (DOCX, ODT: ZIP files) may unpack to before it is handed to
 * LibreOffice. A real NDA unpacks to a few MB; a zip bomb declares (or hides) hundreds.
 */
export const ZIP_LIMITS = {
  /** All entries together, unpacked. */
  totalBytes: 100 * 1024 * 1024,
  /** Entries in the archive (a DOCX has a few dozen). */
  entries: 5_000,
  /** Unpacked / packed for any entry larger than `ratioFloorBytes`: text XML packs 5 to 20 times. */
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

export type ZipProblem = 'not_a_zip' | 'too_large';

interface Entry {
  name: string;
  method: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The central directory's entries, or null when the archive's directory cannot be read. */
export function readZipDirectory(zip: Buffer): Entry[] | null {
  // The end record is in the last 22 bytes plus a comment of at most 65535.
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      packedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Checks an archive against ZIP_LIMITS by the sizes its directory declares, then unpacks each entry
 * (counting, never keeping, the bytes) to make sure none expands past what it declared. ZIP64 archives
 * (sizes of 4 GB and more) are refused outright: no document needs them. Answers null when it is fine.
 */
export async function checkZipBudget(zip: Buffer): Promise<ZipProblem | null> {
  const entries = readZipDirectory(zip);
  if (!entries || entries.length === 0) return 'not_a_zip';
  if (entries.length > ZIP_LIMITS.entries) return 'too_large';
  let total = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.packedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      return 'too_large';
    total += entry.size;
    if (total > ZIP_LIMITS.totalBytes) return 'too_large';
    if (entry.size > ZIP_LIMITS.ratioFloorBytes && entry.size > ZIP_LIMITS.ratio * Math.max(entry.packedSize, 1))
      return 'too_large';
  }
  for (const entry of entries) {
    const data = entryData(zip, entry);
    if (!data) return 'not_a_zip';
    if (entry.method === 0) continue;
    if (entry.method !== 8) return 'not_a_zip';
    if ((await inflatedLength(data, entry.size, 'raw')) > entry.size) return 'too_large';
  }
  return null;
}

function entryData(zip: Buffer, entry: Entry): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.packedSize > zip.length) return null;
  return zip.subarray(start, start + entry.packedSize);
}
