import type { ErrorBody } from '@shared/errors';

/** A refused REST call: its HTTP status and the spec's error body (field messages, nonFieldErrors, detail). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.nonFieldErrors?.[0] ?? (typeof body?.detail === 'string' ? body.detail : `HTTP ${status}`));
    this.name = 'RestError';
  }
}
