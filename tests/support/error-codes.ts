import type { FastifyInstance } from 'fastify';
import { REASONS } from '@shared/reasons.js';

/**
 * Every refusal the API gives carries its reason: a JSON error answer under /api or /trpc without a
 * known `code` is recorded, and the test app's close() fails the file with the list.
 */
export function watchErrorCodes(app: FastifyInstance): string[] {
  const missing: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !/^\/(api|trpc)\//.test(req.url)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const body = JSON.parse(payload) as { code?: string; error?: { data?: { body?: { code?: string } } } };
    const code = req.url.startsWith('/trpc/') ? body.error?.data?.body?.code : body.code;
    if (!code || !(code in REASONS))
      missing.push(`${req.method} ${req.url} ${reply.statusCode} ${payload.slice(0, 200)}`);
    return payload;
  });
  return missing;
}
