import zlib from 'node:zlib';

/**
 * How many bytes a deflate stream expands to (`format` 'zlib' with its header, as in PDF and PNG, or
 * 'raw', as in ZIP), counted in zlib's thread pool without keeping them, and given up one chunk past
 * `limit`: a bomb costs at most `limit` bytes of work and a chunk of memory. A damaged stream counts what
 * came out before the damage.
 */
export function inflatedLength(data: Buffer, limit: number, format: 'zlib' | 'raw'): Promise<number> {
  return new Promise((resolve) => {
    const inflate = format === 'raw' ? zlib.createInflateRaw() : zlib.createInflate();
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        resolve(length);
      }
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', () => resolve(length));
    inflate.end(data);
  });
}
