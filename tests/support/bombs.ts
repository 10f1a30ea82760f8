import zlib from 'node:zlib';

/**
 * Upload bombs, built at test time so no large or hostile file is kept in the repository: small files
 * whose compressed parts expand to hundreds of megabytes, or whose headers declare huge pictures.
 */

const MB = 1024 * 1024;

/**
 * Raw deflate of `prefix`, then `repeat` copies of `chunk`, then `suffix`, without ever holding the
 * expanded text: each piece is compressed on its own up to a sync flush, and such pieces chain into one
 * valid stream. Answers the compressed bytes, the expanded length and its CRC-32.
 */
function deflateRepeated(
  prefix: string,
  chunk: Buffer,
  repeat: number,
  suffix: string,
): { body: Buffer; size: number; crc: number; adler: number } {
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  const packedChunk = zlib.deflateRawSync(chunk, sync);
  let crc = zlib.crc32(head);
  let adler = adler32(head);
  const chunkAdler = adler32(chunk);
  for (let i = 0; i < repeat; i++) {
    crc = zlib.crc32(chunk, crc);
    adler = adler32Combine(adler, chunkAdler, chunk.length);
  }
  crc = zlib.crc32(tail, crc);
  adler = adler32Combine(adler, adler32(tail), tail.length);
  const body = Buffer.concat([
    zlib.deflateRawSync(head, sync),
    ...Array<Buffer>(repeat).fill(packedChunk),
    zlib.deflateRawSync(tail),
  ]);
  return { body, size: head.length + chunk.length * repeat + tail.length, crc, adler };
}

const BASE = 65521;

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % BASE;
    b = (b + a) % BASE;
  }
  return b * 65536 + a;
}

/** The Adler-32 of two pieces from theirs (zlib's adler32_combine), so long repeats cost nothing. */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % BASE;
  const a1 = first % 65536;
  const b1 = Math.floor(first / 65536);
  const a2 = second % 65536;
  const b2 = Math.floor(second / 65536);
  const a = (a1 + a2 + BASE - 1) % BASE;
  const b = (((rem * a1) % BASE) + b1 + b2 + BASE - rem) % BASE;
  return b * 65536 + a;
}

/** A zlib stream (header, raw deflate, Adler-32), as PDF's FlateDecode and PNG's IDAT hold. */
function zlibWrap(packed: { body: Buffer; adler: number }): Buffer {
  const check = Buffer.alloc(4);
  check.writeUInt32BE(packed.adler >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), packed.body, check]);
}

interface ZipEntry {
  name: string;
  /** Stored as is. */
  data?: Buffer;
  /** Already deflated, with its expanded size and CRC. */
  deflated?: { body: Buffer; size: number; crc: number };
  /** Claim another expanded size in the headers than the data has (a lying archive). */
  declaredSize?: number;
}

/** A ZIP archive (local headers, data, central directory), as DOCX and ODT files are. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const stored = entry.deflated ?? { body: entry.data!, size: entry.data!.length, crc: zlib.crc32(entry.data!) };
    const method = entry.deflated ? 8 : 0;
    const size = entry.declaredSize ?? stored.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(stored.crc >>> 0, 14);
    local.writeUInt32LE(stored.body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(stored.crc >>> 0, 16);
    central.writeUInt32LE(stored.body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored.body);
    centrals.push(central, name);
    offset += local.length + name.length + stored.body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Mutual Non-Disclosure Agreement</w:t></w:r></w:p>`;
const DOCUMENT_TAIL = '</w:body></w:document>';

/** The parts every DOCX has besides its text. */
function docxParts(): ZipEntry[] {
  const types =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
  return [
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from(rels) },
  ];
}

/** A DOCX of the given word/document.xml and any further entries (a macro project, say). */
export function docxWith(documentXml: string, extra: ZipEntry[] = []): Buffer {
  return zipArchive([...docxParts(), { name: 'word/document.xml', data: Buffer.from(documentXml) }, ...extra]);
}

/** A small valid DOCX of one paragraph. */
export function smallDocx(): Buffer {
  return zipArchive([...docxParts(), { name: 'word/document.xml', data: Buffer.from(DOCUMENT_HEAD + DOCUMENT_TAIL) }]);
}

/**
 * A valid DOCX whose word/document.xml expands to `megabytes` MB: one paragraph, then whitespace.
 * 300 MB packs into about 300 KB. With `declaredMegabytes`, the headers claim that size instead (a
 * lying archive, to check that the data is not trusted blindly).
 */
export function docxBomb(megabytes = 300, declaredMegabytes?: number): Buffer {
  const document = deflateRepeated(DOCUMENT_HEAD, Buffer.alloc(MB, ' '), megabytes, DOCUMENT_TAIL);
  return zipArchive([
    ...docxParts(),
    {
      name: 'word/document.xml',
      deflated: document,
      declaredSize: declaredMegabytes === undefined ? undefined : declaredMegabytes * MB,
    },
  ]);
}

/** A one-page PDF (US Letter) whose content stream is `content`, Flate-compressed, with a correct xref. */
function onePagePdf(content: { body: Buffer; adler: number }): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (text: string | Buffer) => {
    const b = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    add(`${n} 0 obj\n${body}\nendobj\n`);
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /ProcSet [/PDF] >> >>');
  const zlibStream = zlibWrap(content);
  offsets[4] = length;
  add(`4 0 obj\n<< /Length ${zlibStream.length} /Filter /FlateDecode >>\nstream\n`);
  add(zlibStream);
  add('\nendstream\nendobj\n');
  const xref = length;
  add(`xref\n0 5\n0000000000 65535 f \n`);
  for (let n = 1; n <= 4; n++) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose content stream expands to `megabytes` MB of drawing operators (lines stroked
 * over and over): a viewer or a preview renderer must execute every one of them.
 */
export function pdfContentBomb(megabytes = 200): Buffer {
  const line = '10 10 m 600 780 l S\n';
  const chunk = Buffer.from(line.repeat(Math.floor(MB / line.length)));
  return onePagePdf(deflateRepeated('0.5 w\n', chunk, Math.round((megabytes * MB) / chunk.length), ''));
}

/** A one-page PDF with one line drawn, built the same way as the bomb (a control for it). */
export function smallPdfBuilt(): Buffer {
  return onePagePdf(deflateRepeated('0.5 w 10 10 m 600 780 l S\n', Buffer.alloc(0), 0, ''));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * An RGBA PNG declaring `width` x `height` whose IDAT expands to the full picture, all transparent
 * (10000 x 10000 is 400 MB of pixels in about 390 KB). With `idatMegabytes`, the IDAT expands to that
 * many MB instead, whatever the header declares (a picture that lies about its size).
 */
export function pngBomb(width = 10_000, height = 10_000, idatMegabytes?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = idatMegabytes === undefined ? (width * 4 + 1) * height : idatMegabytes * MB;
  const zeros = Buffer.alloc(MB);
  const packed = deflateRepeated('', zeros, Math.floor(raw / MB), '\0'.repeat(raw % MB));
  const idat = zlibWrap(packed);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG that only declares `width` x `height` (its IDAT holds one empty row): refused by its header. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header declaring `width` x `height` (one grey component), with no picture after it. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ];
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}
