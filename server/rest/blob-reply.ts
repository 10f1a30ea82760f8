import type { FastifyReply } from 'fastify';
import type { Blob } from '../services/blob-store.js';

/**
 * Sends a stored file with safe headers: its sniffed type, inline or attachment, never cached publicly.
 * A file built for the moment (a preview) is not cached at all.
 */
export function sendBlob(
  reply: FastifyReply,
  blob: Blob,
  filename: string,
  disposition: 'inline' | 'attachment' = 'inline',
  cache: 'private' | 'none' = 'private',
) {
  const safe = filename.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'file';
  return reply
    .header('Content-Type', blob.contentType)
    .header('Content-Disposition', `${disposition}; filename="${safe}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cache === 'none' ? 'no-store' : 'private, max-age=300')
    .send(blob.body);
}
