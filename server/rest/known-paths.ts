import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toHttpError } from '../errors.js';

/** The REST paths the router serves and the methods of each, to tell 405 (known path) from 404. */
export class KnownPaths {
  private readonly paths: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  /** A route as Fastify registers it: `/api/v1/projects/nda/:id/`. */
  add(url: string, methods: string[]): void {
    const source = url
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    let entry = this.paths.find((p) => p.pattern.source === `^${source}$`);
    if (!entry) this.paths.push((entry = { pattern: new RegExp(`^${source}$`), methods: new Set() }));
    for (const m of methods) entry.methods.add(m);
    // Fastify answers HEAD for every GET route.
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
  }

  /** The methods served at a request's path (its query left out), sorted; none for an unknown path. */
  methodsOf(url: string): string[] {
    const path = url.split('?')[0]!;
    const methods = new Set<string>();
    for (const p of this.paths) if (p.pattern.test(path)) for (const m of p.methods) methods.add(m);
    return [...methods].sort();
  }
}

/**
 * The answer to an API request no route took: 405 with Allow for a known path asked with a method it
 * does not serve, 404 otherwise. Used by the API's own not-found handler and by the app's, which
 * receives the GETs the static files' wildcard route passes on.
 */
export function answerUnrouted(known: KnownPaths, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const allowed = known.methodsOf(req.url);
  const error = allowed.length
    ? AppError.detail('method_not_allowed', 'method_not_allowed', `Method "${req.method}" not allowed.`)
    : AppError.notFound();
  const http = toHttpError(error);
  if (allowed.length) void reply.header('Allow', allowed.join(', '));
  return reply.code(http.status).send(http.body);
}
