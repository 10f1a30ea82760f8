import { ZodError } from 'zod';
import { type ErrorBody, type ErrorCode, STATUS_BY_CODE } from '@shared/errors.js';

/** The one error type of the core; adapters map it to HTTP / tRPC with toHttpError. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.nonFieldErrors?.[0] ?? code);
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  static fields(fields: Record<string, string | string[]>): AppError {
    const body: ErrorBody = {};
    for (const [k, v] of Object.entries(fields)) body[k] = Array.isArray(v) ? v : [v];
    return new AppError('bad_request', body);
  }
  static nonField(message: string, code: ErrorCode = 'bad_request'): AppError {
    return new AppError(code, { nonFieldErrors: [message] });
  }
  static detail(code: ErrorCode, detail: string): AppError {
    return new AppError(code, { detail });
  }
  static notFound(): AppError {
    return new AppError('not_found', { detail: 'Not found.' });
  }
  static unauthorized(detail = 'Authentication credentials were not provided.'): AppError {
    return new AppError('unauthorized', { detail });
  }
  static forbidden(detail = 'You do not have permission to perform this action.'): AppError {
    return new AppError('forbidden', { detail });
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
  return new AppError('bad_request', body);
}

export interface HttpError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Maps anything thrown to a status and the spec's body; unknown errors are 500 and logged by the caller. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof AppError) return { status: err.status, body: err.body, headers: err.headers };
  if (err instanceof ZodError) return toHttpError(fromZodError(err));
  const e = err as { statusCode?: number; code?: string; message?: string };
  // Fastify's own client errors (bad JSON, too large body, bad content type).
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const detail =
      e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413
        ? 'Request body is too large.'
        : e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported media type.'
          : e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is empty.'
            : 'Malformed request.';
    return { status: e.statusCode, body: { detail }, headers: {} };
  }
  return { status: 500, body: { detail: 'Temporary server issues. Please try again later' }, headers: {} };
}
