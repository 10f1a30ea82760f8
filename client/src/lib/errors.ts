import type { UseFormReturnType } from '@mantine/form';
import { TRPCClientError } from '@trpc/client';
import { type ErrorBody, firstErrorMessage, NON_FIELD_KEYS, SERVER_TROUBLE } from '@shared/errors';
import type { Reason } from '@shared/reasons';
import { notifyError } from '@client/components/ui/notify';

/**
 * The one place that turns a failed call (tRPC or REST) into what the user sees: the message of a
 * toast or of a page's error state, and the field messages of a form.
 */

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

/** The spec's error body of a failed call, if the server answered at all (tRPC carries it in data.body). */
export function errorBodyOf(err: unknown): ErrorBody | undefined {
  if (err instanceof RestError) return err.body;
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { body?: ErrorBody } | undefined | null;
  return data?.body;
}

/** Why the server refused a call (the body's `code`), for decisions; the message is for people. */
export function errorReasonOf(err: unknown): Reason | undefined {
  return errorBodyOf(err)?.code;
}

export function errorStatusOf(err: unknown): number | undefined {
  if (err instanceof RestError) return err.status;
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { httpStatus?: number } | undefined | null;
  return data?.httpStatus;
}

/** What to tell the user: nonFieldErrors, then detail, then the first field message. */
export function errorMessageOf(err: unknown, fallback = SERVER_TROUBLE): string {
  return firstErrorMessage(errorBodyOf(err), fallback);
}

export function isNotFound(err: unknown): boolean {
  return errorStatusOf(err) === 404;
}

/** Shows the message of a failed call in an error toast, and answers it. */
export function toastError(err: unknown, fallback = SERVER_TROUBLE): string {
  const message = errorMessageOf(err, fallback);
  notifyError(message);
  return message;
}

/**
 * Splits a server rejection: field messages for the given fields (fieldMap renames server keys such
 * as password1 to the form's own), and the general message (nonFieldErrors, detail, a message for a
 * field the form does not have, or the fallback when nothing was placed).
 */
function splitErrors(err: unknown, fields: readonly string[], fieldMap: Record<string, string>) {
  const body = errorBodyOf(err);
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [key, value] of Object.entries(body ?? {})) {
    if (NON_FIELD_KEYS.has(key)) continue;
    const message = Array.isArray(value) ? value[0] : value;
    if (!message) continue;
    const target = fieldMap[key] ?? key;
    if (fields.includes(target)) placed[target] ??= message;
    else unplaced.push(message);
  }
  const general =
    body?.nonFieldErrors?.[0] ??
    (typeof body?.detail === 'string' ? body.detail : undefined) ??
    unplaced[0] ??
    (Object.keys(placed).length ? null : SERVER_TROUBLE);
  return { placed, general };
}

/**
 * Puts a server rejection where it belongs in a @mantine/form form: field messages under the
 * matching inputs, the general message in an error toast (named `toastId`, to close it later). Answers
 * the general message, if any.
 */
export function applyFormErrors<V extends object>(
  form: UseFormReturnType<V>,
  err: unknown,
  fieldMap: Record<string, string> = {},
  toastId?: string,
): string | null {
  const { placed, general } = splitErrors(err, Object.keys(form.getValues()), fieldMap);
  for (const [field, message] of Object.entries(placed)) form.setFieldError(field as never, message);
  if (general) notifyError(general, undefined, toastId);
  return general;
}
