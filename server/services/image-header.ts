import { inflatedLength } from './inflated-length.js';

/**
 * Picture sizes read from PNG and JPEG headers, before anything decodes the picture: a few hundred KB
 * can declare a picture of gigabytes, which a decoder (pdf-lib when it stamps a signature, a browser
 * showing an avatar) would then allocate.
 */

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG (its first chunk, IHDR) or a JPEG (its start-of-frame), or null when unreadable. */
export function imageSize(body: Buffer): ImageSize | null {
  if (body.length >= 24 && body.subarray(0, 8).equals(PNG_MAGIC) && body.toString('latin1', 12, 16) === 'IHDR')
    return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
  if (body.length >= 4 && body[0] === 0xff && body[1] === 0xd8) return jpegSize(body);
  return null;
}

function jpegSize(body: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= body.length) {
    if (body[at] !== 0xff) return null;
    const marker = body[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = body.readUInt16BE(at + 2);
    // Start of frame: SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > body.length) return null;
      return { width: body.readUInt16BE(at + 7), height: body.readUInt16BE(at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    at += 2 + length;
  }
  return null;
}

export function fitsWithin(size: ImageSize, max: ImageSize): boolean {
  return size.width >= 1 && size.height >= 1 && size.width <= max.width && size.height <= max.height;
}

/**
 * Whether a PNG's pixel data (its IDAT chunks) expands to no more than its header declares: a PNG may
 * declare a small picture and carry a stream that unpacks to gigabytes, which pdf-lib's decoder would
 * unpack whole. Counted in zlib's thread pool without keeping the bytes.
 */
export async function pngDataFitsHeader(body: Buffer): Promise<boolean> {
  const size = imageSize(body);
  if (!size || body.toString('latin1', 12, 16) !== 'IHDR') return false;
  const bitDepth = body[24]!;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[body[25]!] ?? 4;
  const interlaced = body[28] === 1;
  const rowBytes = Math.ceil((size.width * channels * bitDepth) / 8) + 1;
  // Adam7 interlacing adds at most a filter byte per row of each of its seven passes.
  const expected = rowBytes * size.height + (interlaced ? 7 * size.height + 7 * 8 : 0);
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= body.length;) {
    const length = body.readUInt32BE(at);
    const type = body.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(body.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return (await inflatedLength(Buffer.concat(idat), expected, 'zlib')) <= expected;
}

export type ImageProblem = 'unreadable' | 'too_large';

/**
 * Whether a PNG or JPEG may be kept: a readable header declaring at most `max`, and for a PNG that will
 * be decoded on the server (`decoded`: a signature, stamped into signed PDFs) pixel data that expands to
 * no more than the header declares. Answers null when it may.
 */
export async function imageProblem(
  body: Buffer,
  max: ImageSize,
  opts: { decoded?: boolean } = {},
): Promise<ImageProblem | null> {
  const size = imageSize(body);
  if (!size) return 'unreadable';
  if (!fitsWithin(size, max)) return 'too_large';
  if (opts.decoded && !(await pngDataFitsHeader(body))) return 'unreadable';
  return null;
}
