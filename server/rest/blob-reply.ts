import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { type Blob, type BlobStream, RangeNotSatisfiable, type RangeRequest } from '../services/blob-store.js';

/** Characters RFC 5987 leaves unencoded in an extended parameter (attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * A Content-Disposition attachment for a name users chose: a plain ASCII fallback (no quote,
 * backslash or control character can end the quoted string) and the exact name as UTF-8.
 */
export function attachmentDisposition(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = filename.replace(/[\u0000-\u001f\u007f]+/g, '').trim();
  const ascii = clean.replace(/[^\w.\-() ,]+/g, '_').slice(0, 120) || 'file';
  if (ascii === clean || !clean) return `attachment; filename="${ascii}"`;
  const encoded = [...clean]
    .slice(0, 120)
    .map((c) =>
      ATTR_CHAR.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    )
    .join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored file (an uploaded PDF, an image) so that the app's origin never renders it: always
 * as an attachment, with its sniffed type and no sniffing by the browser, and in a sandbox with no
 * script, so a PDF carrying JavaScript (/OpenAction) opened from a link runs nothing of ours. The
 * client fetches these as blobs (client/src/lib/blob-url.ts, rest.ts), which the headers do not affect.
 * Like every API answer it is not stored by browsers or proxies (Cache-Control: no-store).
 */
export function sendBlob(reply: FastifyReply, blob: Blob, filename: string) {
  return attachment(reply, blob.contentType, filename).send(blob.body);
}

/** Sends a file built while it streams (an archive) the same way: an attachment, sandboxed, never cached. */
export function sendStream(reply: FastifyReply, stream: Readable, contentType: string, filename: string) {
  return attachment(reply, contentType, filename).send(stream);
}

/**
 * The one byte range a request asks for: `Range: bytes=<start>-<end>` or `bytes=<start>-`. Anything
 * else (several ranges, a suffix, a unit other than bytes, a malformed header) is ignored and the whole
 * file is sent, as HTTP allows.
 */
export function requestedRange(req: FastifyRequest): RangeRequest | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(String(req.headers.range ?? '').trim());
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end === undefined || end >= start ? { start, end } : undefined;
}

/**
 * Sends a large stored file (a deal document) the way sendStream does, and by parts: a request with a
 * `Range` gets 206 and that part, so a viewer reads a 100 MB PDF a page at a time. `If-Range` with the
 * file's ETag keeps the parts of one file together: if the file changed since, the whole new file is
 * sent (200) instead. A range past the end answers 416 with the file's size.
 */
export async function sendFileByRange(
  req: FastifyRequest,
  reply: FastifyReply,
  open: (range: RangeRequest | undefined) => Promise<{ file: BlobStream; filename: string }>,
) {
  const asked = requestedRange(req);
  const validator = req.headers['if-range'];
  let opened;
  try {
    opened = await open(asked);
  } catch (err) {
    if (!(err instanceof RangeNotSatisfiable)) throw err;
    // Past the end of a file replaced by a shorter one: If-Range asks for the whole new file then.
    const whole = validator ? await open(undefined) : null;
    if (!whole || whole.file.etag === validator) {
      whole?.file.body.destroy();
      throw new AppError(
        'range_not_satisfiable',
        'range_not_satisfiable',
        { detail: `This file has ${err.size} bytes; the range asked for starts past its end.` },
        { 'Content-Range': `bytes */${err.size}` },
      );
    }
    opened = whole;
  }
  if (asked && validator && validator !== opened.file.etag) {
    opened.file.body.destroy();
    opened = await open(undefined);
  }
  const { file, filename } = opened;
  reply.header('Accept-Ranges', 'bytes').header('ETag', file.etag);
  if (file.range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('Content-Length', String(file.range.end - file.range.start + 1));
  } else reply.header('Content-Length', String(file.size));
  return sendStream(reply, file.body, file.contentType, filename);
}

function attachment(reply: FastifyReply, contentType: string, filename: string) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'no-store');
}
