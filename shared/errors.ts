/** The spec's error body: per-field messages, nonFieldErrors and detail. */
export interface ErrorBody {
  detail?: string;
  nonFieldErrors?: string[];
  [field: string]: string[] | string | undefined;
}

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
};

/** First message to show for an error body: nonFieldErrors, then detail, then the first field message. */
export function firstErrorMessage(body: ErrorBody | undefined, fallback: string): string {
  if (!body) return fallback;
  if (body.nonFieldErrors?.length) return body.nonFieldErrors[0]!;
  if (typeof body.detail === 'string') return body.detail;
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && value.length) return value[0]!;
    if (typeof value === 'string') return value;
  }
  return fallback;
}
