import type { Reason } from './reasons.js';

/**
 * The spec's error body: per-field messages, nonFieldErrors and detail; and `code`, the reason a
 * program matches on (shared/reasons.ts), which every error answer carries.
 */
export interface ErrorBody {
  detail?: string;
  nonFieldErrors?: string[];
  code?: Reason;
  [field: string]: string[] | string | undefined;
}

/** What a 500 says: nothing about the cause, which goes to the log. */
export const SERVER_TROUBLE = 'Temporary server issues. Please try again later';

/** The keys of an error body that are not a field's messages. */
export const NON_FIELD_KEYS: ReadonlySet<string> = new Set(['detail', 'nonFieldErrors', 'code']);

/** The HTTP-level kind of a refusal; the body's `code` says why. */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'internal';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
};

/** First message to show for an error body: nonFieldErrors, then detail, then the first field message. */
export function firstErrorMessage(body: ErrorBody | undefined, fallback: string): string {
  if (!body) return fallback;
  if (body.nonFieldErrors?.length) return body.nonFieldErrors[0]!;
  if (typeof body.detail === 'string') return body.detail;
  for (const [key, value] of Object.entries(body)) {
    if (NON_FIELD_KEYS.has(key)) continue;
    if (Array.isArray(value) && value.length) return value[0]!;
    if (typeof value === 'string') return value;
  }
  return fallback;
}
