import type { ZodType } from 'zod';
import { PASSWORDS_MUST_MATCH } from '@shared/schemas/fields';

/** A Mantine form rule from a shared zod field schema: its first message, or null when valid. */
export function zodRule(schema: ZodType) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
  };
}

/** Confirmation field: required, and equal to the field it confirms. */
export function matchesField<V extends object>(other: keyof V & string) {
  return (value: unknown, values: V): string | null => {
    if (typeof value !== 'string' || value === '') return 'Password is required';
    return value === values[other] ? null : PASSWORDS_MUST_MATCH;
  };
}

export function requiredCheck(message: string) {
  return (value: unknown): string | null => (value === true ? null : message);
}
