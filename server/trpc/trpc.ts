import { getTRPCErrorShape, initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { type ErrorBody, firstErrorMessage, SERVER_TROUBLE } from '@shared/errors.js';
import type { Core } from '../core.js';
import type { Reason } from '@shared/reasons.js';
import { AppError, toHttpError } from '../errors.js';
import { refuseHostileInput } from '../untrusted-input.js';
import { userAgentOf, withUserAgent } from '../user-agent.js';
import { authenticate, bearerToken } from '../queries/auth/authenticate.js';

export function createContextFactory(core: Core) {
  return ({ req, res }: CreateFastifyContextOptions) => ({
    core,
    ip: req.ip,
    userAgent: userAgentOf(req.headers),
    token: bearerToken(req.headers.authorization),
    reply: res,
    /** A mutation sent with no body at all (a browser's POST without input sends Content-Length: 0). */
    emptyBody:
      req.method === 'POST' && !req.headers['transfer-encoding'] && Number(req.headers['content-length'] ?? 0) === 0,
  });
}
export type Context = ReturnType<ReturnType<typeof createContextFactory>>;

const TRPC_CODE: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The reason code of tRPC's own refusals (an unknown procedure, unreadable input, a wrong method). */
const TRPC_REASON: Partial<Record<TRPCError['code'], Reason>> = {
  BAD_REQUEST: 'malformed_request',
  PARSE_ERROR: 'malformed_request',
  NOT_FOUND: 'not_found',
  METHOD_NOT_SUPPORTED: 'malformed_request',
  UNAUTHORIZED: 'not_authenticated',
  FORBIDDEN: 'permission_denied',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  TOO_MANY_REQUESTS: 'rate_limited',
};

const t = initTRPC.context<Context>().create({
  // The client reads the same body as REST callers do: data.body has field errors, nonFieldErrors, detail.
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof ZodError || error.cause instanceof AppError ? error.cause : null;
    const body: ErrorBody = cause
      ? toHttpError(cause).body
      : {
          detail: error.code === 'INTERNAL_SERVER_ERROR' ? SERVER_TROUBLE : error.message,
          code: TRPC_REASON[error.code] ?? 'server_error',
        };
    return {
      ...shape,
      message: firstErrorMessage(body, shape.message),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, body },
    };
  },
});

/** Core errors become tRPC errors with the matching HTTP status; the body travels in the cause. */
const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    // Headers the error carries (Retry-After on 429) reach tRPC callers as they reach REST callers.
    for (const [name, value] of Object.entries(cause.headers)) ctx.reply.header(name, value);
    throw new TRPCError({ code: TRPC_CODE[cause.status] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
  }
  return result;
});

/**
 * The raw input, before the procedure's schema reads it: no NUL characters, no hostile nesting, and
 * JSON that parses. A request with no body at all is no input, for the procedure to take or refuse.
 */
const refuseHostile = t.middleware(async ({ ctx, getRawInput, next }) => {
  if (ctx.emptyBody) return next();
  refuseHostileInput(await getRawInput());
  return next();
});

/** An error answered at the adapter's door, before any procedure runs, in the shape procedures answer. */
export function trpcErrorBody(code: TRPCError['code'], message: string) {
  const error = new TRPCError({ code, message });
  return {
    error: getTRPCErrorShape({
      config: t._config,
      error,
      type: 'unknown',
      path: undefined,
      input: undefined,
      ctx: undefined,
    }),
  };
}

export const router = t.router;
/** Events the procedure records carry the caller's user agent (server/user-agent.ts). */
const knowUserAgent = t.middleware(({ ctx, next }) => withUserAgent(ctx.userAgent, () => next()));

export const publicProcedure = t.procedure.use(mapErrors).use(refuseHostile).use(knowUserAgent);
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw new TRPCError({ code: 'UNAUTHORIZED', cause: AppError.unauthorized() });
  const actor = await authenticate(ctx.core, ctx.token);
  return next({ ctx: { ...ctx, actor } });
});
