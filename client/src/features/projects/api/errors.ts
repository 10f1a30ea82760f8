import { type ErrorBody, firstErrorMessage } from '@shared/errors';
import { notifyError } from '@client/components/ui/notify';
import { showServerErrors } from '@client/lib/form-errors';
import { SERVER_TROUBLE, serverErrorBody, serverHttpStatus } from '@client/lib/server-errors';

/** The spec's error body of a failed call, from the REST door or from tRPC. */
export function errorBodyOf(err: unknown): ErrorBody | undefined {
  return serverErrorBody(err);
}

export function errorStatusOf(err: unknown): number | undefined {
  return serverHttpStatus(err);
}

/** What to tell the user: nonFieldErrors, then detail, then the first field message. */
export function errorMessageOf(err: unknown, fallback = SERVER_TROUBLE): string {
  return firstErrorMessage(errorBodyOf(err), fallback);
}

export function isNotFound(err: unknown): boolean {
  return errorStatusOf(err) === 404;
}

export function toastError(err: unknown, fallback = SERVER_TROUBLE): string {
  const message = errorMessageOf(err, fallback);
  notifyError(message);
  return message;
}

/** Field messages under the matching inputs, the general message in an error toast (one rule for every form). */
export const applyFormErrors = showServerErrors;

/**
 * The server's field messages for the given fields of a form kept in plain state (not @mantine/form);
 * anything else goes to an error toast.
 */
export function applyFormErrorsTo<K extends string>(err: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const body = errorBodyOf(err);
  const out: Partial<Record<K, string>> = {};
  const unplaced: string[] = [];
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key === 'detail' || key === 'nonFieldErrors') continue;
    const message = Array.isArray(value) ? value[0] : value;
    if (!message) continue;
    if ((fields as readonly string[]).includes(key)) out[key as K] = message;
    else unplaced.push(message);
  }
  const general =
    body?.nonFieldErrors?.[0] ??
    (typeof body?.detail === 'string' ? body.detail : undefined) ??
    unplaced[0] ??
    (Object.keys(out).length ? null : SERVER_TROUBLE);
  if (general) notifyError(general);
  return out;
}
