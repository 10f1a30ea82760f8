import { TRPCClientError } from '@trpc/client';
import type { ErrorBody } from '@shared/errors';
import { RestError } from './rest-error';

export const SERVER_TROUBLE = 'Temporary server issues. Please try again later';

/** The spec's error body the server put in error.data.body, if the server answered at all. */
export function serverErrorBody(err: unknown): ErrorBody | undefined {
  if (err instanceof RestError) return err.body;
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { body?: ErrorBody } | undefined | null;
  return data?.body;
}

export function serverHttpStatus(err: unknown): number | undefined {
  if (err instanceof RestError) return err.status;
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { httpStatus?: number } | undefined | null;
  return data?.httpStatus;
}

/** The message to show for a failed call: nonFieldErrors, then detail, then a field message. */
export function serverMessage(err: unknown, fallback = SERVER_TROUBLE): string {
  const body = serverErrorBody(err);
  if (!body) return fallback;
  if (body.nonFieldErrors?.length) return body.nonFieldErrors[0]!;
  if (typeof body.detail === 'string') return body.detail;
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && value[0]) return value[0];
  }
  return fallback;
}
