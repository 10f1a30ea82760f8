import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Blob } from '../services/blob-store.js';

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

function attachment(reply: FastifyReply, contentType: string, filename: string) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'no-store');
}
