import { ZodError } from 'zod';
import { type ErrorBody, type ErrorKind, SERVER_TROUBLE, STATUS_BY_KIND } from '@shared/errors.js';
import type { Reason } from '@shared/reasons.js';

/**
 * The one error type of the core; adapters map it to HTTP / tRPC with toHttpError. `kind` sets the
 * HTTP status, `reason` says why (shared/reasons.ts) and is sent as the body's `code`.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly reason: Reason,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.nonFieldErrors?.[0] ?? reason);
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  /** Messages under the fields they concern (400, or `kind` when given). */
  static fields(reason: Reason, fields: Record<string, string | string[]>, kind: ErrorKind = 'bad_request'): AppError {
    const body: ErrorBody = {};
    for (const [k, v] of Object.entries(fields)) body[k] = Array.isArray(v) ? v : [v];
    return new AppError(kind, reason, body);
  }
  static nonField(reason: Reason, message: string, kind: ErrorKind = 'bad_request'): AppError {
    return new AppError(kind, reason, { nonFieldErrors: [message] });
  }
  static detail(kind: ErrorKind, reason: Reason, detail: string): AppError {
    return new AppError(kind, reason, { detail });
  }
  static notFound(): AppError {
    return new AppError('not_found', 'not_found', { detail: 'Not found.' });
  }
  static unauthorized(
    reason: Reason = 'not_authenticated',
    detail = 'Authentication credentials were not provided.',
  ): AppError {
    return new AppError('unauthorized', reason, { detail });
  }
  static forbidden(
    reason: Reason = 'permission_denied',
    detail = 'You do not have permission to perform this action.',
  ): AppError {
    return new AppError('forbidden', reason, { detail });
  }
}

/** Zod issues become per-field messages keyed by the first path segment (camelCase). */
export function fromZodError(err: ZodError): AppError {
  const body: ErrorBody = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'nonFieldErrors';
    const list = (body[key] as string[] | undefined) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    body[key] = list;
  }
  return new AppError('bad_request', 'invalid_input', body);
}

export interface HttpError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * Maps anything thrown to a status and the spec's body with its reason `code`; unknown errors are
 * 500 and logged by the caller.
 */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof AppError)
    return { status: err.status, body: { ...err.body, code: err.reason }, headers: err.headers };
  if (err instanceof ZodError) return toHttpError(fromZodError(err));
  const e = err as { statusCode?: number; code?: string; message?: string };
  // Fastify's own client errors (bad JSON, too large body, bad content type).
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const [detail, code]: [string, Reason] =
      e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413
        ? ['Request body is too large.', 'payload_too_large']
        : e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? ['Unsupported media type.', 'unsupported_media_type']
          : e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? ['Request body is empty.', 'empty_body']
            : ['Malformed request.', 'malformed_request'];
    return { status: e.statusCode, body: { detail, code }, headers: {} };
  }
  return { status: 500, body: { detail: SERVER_TROUBLE, code: 'server_error' }, headers: {} };
}
