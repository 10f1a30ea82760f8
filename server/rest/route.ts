import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Core } from '../core.js';
import { AppError, fromZodError } from '../errors.js';
import type { Actor } from '../policies/actor.js';
import { authenticate, bearerToken } from '../queries/auth/authenticate.js';
import { camelizeKeys } from '../case.js';
import { userAgentOf, withUserAgent } from '../user-agent.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Base<S extends z.ZodType | undefined> {
  method: Method;
  url: string;
  /** Body (POST/PUT/PATCH) or query (GET/DELETE), snake_case or camelCase, validated here. */
  input?: S;
  status?: number;
  /** One line saying what the call does, for the OpenAPI description. */
  summary: string;
  /** Anything a client must know beyond the summary: rules, side effects, contract decisions. */
  description?: string;
  /** A multipart form the handler reads itself: its fields' schema and its file parts. */
  form?: { fields?: z.ZodType; files: readonly string[] };
  /** The media type of the answer when it is not JSON (a PDF, an image, a CSV). */
  produces?: string;
  /** Error statuses the call answers beyond those its definition implies (429 of a rate-limited call). */
  statuses?: readonly number[];
}

/** What a route tells the OpenAPI description (kept in the route's Fastify config). */
export interface RouteDoc {
  summary: string;
  description?: string;
  auth: 'required' | 'none';
  input?: z.ZodType;
  inputIn: 'query' | 'body';
  form?: { fields?: z.ZodType; files: readonly string[] };
  status: number;
  produces?: string;
  statuses?: readonly number[];
}

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface Meta {
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A REST route: validate, resolve the actor, call the core, answer camelCase JSON. No rules here. */
export function route<S extends z.ZodType | undefined>(
  app: FastifyInstance,
  core: Core,
  def: Base<S> &
    (
      | { auth: 'required'; handler: (input: Input<S>, actor: Actor, meta: Meta) => Promise<unknown> | unknown }
      | { auth: 'none'; handler: (input: Input<S>, actor: null, meta: Meta) => Promise<unknown> | unknown }
    ),
): void {
  const inputIn = def.method === 'GET' || def.method === 'DELETE' ? 'query' : 'body';
  const doc: RouteDoc = {
    summary: def.summary,
    description: def.description,
    auth: def.auth,
    input: def.input,
    inputIn,
    form: def.form,
    status: def.status ?? 200,
    produces: def.produces,
    statuses: def.statuses,
  };
  app.route({
    method: def.method,
    url: def.url,
    config: { doc },
    handler: async (req, reply) => {
      // Only a form route reads multipart; any other would act on a body it never looked at.
      if (!def.form && req.isMultipart())
        throw AppError.detail('unsupported_media_type', 'unsupported_media_type', 'Unsupported media type.');
      const actor = def.auth === 'required' ? await requireBearer(core, req) : null;
      const raw = inputIn === 'query' ? req.query : (req.body ?? {});
      let input: unknown = undefined;
      if (def.input) {
        const parsed = def.input.safeParse(camelizeKeys(raw));
        if (!parsed.success) throw fromZodError(parsed.error);
        input = parsed.data;
      }
      // Events the handler records carry the caller's user agent (server/user-agent.ts).
      const result = await withUserAgent(userAgentOf(req.headers), () =>
        (def.handler as (i: unknown, a: Actor | null, m: Meta) => unknown)(input, actor, { ip: req.ip, req, reply }),
      );
      if (reply.sent) return reply;
      // 204 answers no body, whatever the core returned.
      if (def.status === 204) return reply.code(204).send();
      reply.code(def.status ?? 200);
      return result ?? { detail: 'OK' };
    },
  });
}

export async function requireBearer(core: Core, req: FastifyRequest): Promise<Actor> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw AppError.unauthorized();
  return authenticate(core, token);
}
