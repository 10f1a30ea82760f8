import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import type { TestApp } from './app.js';
import { linkIn, latestMail, type TestUser } from './factories.js';
import { authHeader, type ApiResponse } from './http.js';

/** Helpers for the account-area API tests: any-method REST calls, multipart forms and real image bytes. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A file of the project's test fixtures (tests/fixtures), e.g. 'pdfs/normal.pdf'. */
export function fixture(relative: string): Buffer {
  return fs.readFileSync(path.resolve(ROOT, 'tests', 'fixtures', relative));
}

export interface FormPart {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; body: Buffer };
}

/** A multipart/form-data body and its content-type header. */
export function formData(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----nda-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.contentType}\r\n\r\n`,
        ),
        part.file.body,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawResponse<T = any> extends ApiResponse<T> {
  raw: Buffer;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any REST call under /api/v1: JSON body or multipart form, as a signed-in user (access token) or anonymously. */
export async function call<T = any>(
  t: TestApp,
  method: Method,
  urlPath: string,
  opts: { access?: string | null; json?: unknown; form?: FormPart[]; headers?: Record<string, string> } = {},
): Promise<RawResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers, ...(opts.access ? authHeader(opts.access) : {}) };
  let payload: Buffer | object | undefined = opts.json as object | undefined;
  if (opts.form) {
    const form = formData(opts.form);
    payload = form.payload;
    headers['content-type'] = form.contentType;
  }
  const res = await t.app.inject({ method, url: `${API_BASE}${urlPath}`, headers, payload });
  let body: any;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) body = res.body ? JSON.parse(res.body) : undefined;
  else body = res.body || undefined;
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}

/** An image file part for PATCH /me/1/ (field avatar or sign). */
export function imagePart(
  name: 'avatar' | 'sign',
  body: Buffer,
  filename = 'image.png',
  contentType = 'image/png',
): FormPart {
  return { name, file: { filename, contentType, body } };
}

// ---------------------------------------------------------------------------------------------
// Real image bytes, made here so the tests need no binary fixtures.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([len, typeAndData, crc]);
}

/**
 * A valid RGBA PNG. By default a small signature-like picture (a dark stroke on transparency);
 * with `noise`, random pixels that do not compress, to make files of a chosen size.
 */
export function pngBytes(width = 40, height = 14, opts: { noise?: boolean } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rowBytes = width * 4;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  const noise = opts.noise ? crypto.randomBytes(rowBytes * height) : null;
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const p = row + 1 + x * 4;
      if (noise) {
        noise.copy(raw, p, (y * width + x) * 4, (y * width + x) * 4 + 4);
      } else if (Math.abs(y - Math.round(height / 2 + (height / 3) * Math.sin(x / 4))) <= 1) {
        raw.writeUInt32BE(0x1a1a4aff, p);
      }
    }
  }
  const idat = zlib.deflateSync(raw, { level: noise ? 0 : 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of at least `bytes` bytes (random pixels). */
export function pngOfSize(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 4)) + 2;
  const png = pngBytes(side, side, { noise: true });
  if (png.length < bytes) throw new Error('pngOfSize: too small');
  return png;
}

/**
 * A valid baseline JPEG (JFIF) of one 8x8 mid-grey block: one quantisation table, one-code Huffman
 * tables, and a scan whose only block has a zero DC difference and an end-of-block.
 */
export function jpegBytes(): Buffer {
  const seg = (marker: number, body: number[]) => [
    0xff,
    marker,
    ((body.length + 2) >> 8) & 0xff,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (tableClassAndId: number) => [tableClassAndId, 1, ...new Array<number>(15).fill(0), 0x00];
  const bytes = [
    0xff,
    0xd8, // SOI
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // APP0 JFIF 1.1
    ...seg(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT 0
    ...seg(0xc0, [0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]), // SOF0 8x8, one component
    ...seg(0xc4, oneCodeTable(0x00)), // DHT DC 0
    ...seg(0xc4, oneCodeTable(0x10)), // DHT AC 0
    ...seg(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]), // SOS
    0x3f, // DC category 0 ('0'), EOB ('0'), padded with ones
    0xff,
    0xd9, // EOI
  ];
  return Buffer.from(bytes);
}

/** giraffe.pdf (3.4 MB): a big file that is no image at all. */
export function bigPdf(): Buffer {
  return fixture('pdfs/giraffe.pdf');
}

/** A small real PDF (not an image whatever its name says). */
export function smallPdf(): Buffer {
  return fixture('pdfs/normal.pdf');
}

// ---------------------------------------------------------------------------------------------
// Account-area steps.

/** Saves a PNG signature for a user (owner or signer) through PATCH /me/1/. */
export async function saveSignature(t: TestApp, user: Pick<TestUser, 'access'>, png = pngBytes()): Promise<void> {
  const res = await call(t, 'PATCH', '/me/1/', {
    access: user.access,
    form: [imagePart('sign', png, 'signature.png')],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Grants the company extra team member seats directly in the database, as support does with scripts/grant-extras.ts. */
export async function setExtraMembers(t: TestApp, companyId: number, extra: number): Promise<void> {
  await t.core.db.updateTable('companies').set({ extraMembers: extra }).where('id', '=', companyId).execute();
}

/** uid and token of the newest member invitation mail sent to an address (link APP_URL/member_invitation/<uid>:<token>). */
export async function memberInvitationLink(
  t: TestApp,
  email: string,
): Promise<{ uid: string; token: string; url: string }> {
  const mail = await latestMail(t, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const { url, rest } = linkIn(t, mail, '/member_invitation/');
  const colon = rest.indexOf(':');
  return { uid: rest.slice(0, colon), token: rest.slice(colon + 1), url };
}

/** How many e-mails were queued for an address. */
export async function mailCount(t: TestApp, to: string): Promise<number> {
  const row = await t.core.db
    .selectFrom('outboxEmails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('toAddress', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Team members (role member, not deleted) of a company, as rows. */
export async function teamRows(t: TestApp, companyId: number) {
  return t.core.db
    .selectFrom('users')
    .select(['id', 'email', 'isActive', 'passwordHash'])
    .where('companyId', '=', companyId)
    .where('role', '=', 'member')
    .where('isDeleted', '=', false)
    .orderBy('id')
    .execute();
}
