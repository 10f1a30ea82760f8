import zlib from 'node:zlib';

/** A valid RGBA PNG of a signature-like stroke (dark ink on transparency), for seeds and tests. */
export function signaturePng(width = 400, height = 140): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  const margin = Math.round(width / 20);
  for (let x = margin; x < width - margin; x++) {
    const y0 = Math.round(height / 2 + (height / 4) * Math.sin(x / (width / 22)) * Math.cos(x / (width / 7)));
    for (let y = Math.max(0, y0 - 1); y <= Math.min(height - 1, y0 + 1); y++)
      raw.writeUInt32BE(0x1a1a4aff, y * (width * 4 + 1) + 1 + x * 4);
  }
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    magic,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
