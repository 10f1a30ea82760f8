import type { UseFormReturnType } from '@mantine/form';
import { notifyError } from '../components/ui/notify';
import { SERVER_TROUBLE, serverErrorBody } from './server-errors';

/**
 * Puts a server rejection where it belongs: field messages under the matching inputs (fieldMap
 * renames server keys such as password1 to the form's own), nonFieldErrors and detail in an error
 * toast. Answers the general message that was toasted, if any.
 */
export function showServerErrors<V extends object>(
  form: UseFormReturnType<V>,
  err: unknown,
  fieldMap: Record<string, string> = {},
): string | null {
  const body = serverErrorBody(err);
  const fields = Object.keys(form.getValues());
  const unplaced: string[] = [];
  const placed = new Set<string>();
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key === 'detail' || key === 'nonFieldErrors') continue;
    const message = Array.isArray(value) ? value[0] : value;
    if (!message) continue;
    const target = fieldMap[key] ?? key;
    if (fields.includes(target)) {
      if (!placed.has(target)) form.setFieldError(target as never, message);
      placed.add(target);
    } else {
      unplaced.push(message);
    }
  }
  const general = body?.nonFieldErrors?.[0] ?? body?.detail ?? unplaced[0] ?? (placed.size ? null : SERVER_TROUBLE);
  if (general) notifyError(general);
  return general;
}
