import { AppError } from './errors.js';
import { toCamel } from './case.js';

export const INPUT_MESSAGES = {
  nullCharacter: 'Null characters are not allowed.',
  tooDeep: 'The request is nested too deeply.',
} as const;

/** Deeper than any input of the API (a thread's pointers are three levels down). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Refuses, before any route reads it, what no field accepts: a NUL character in any text or key
 * (PostgreSQL cannot store it in text and refuses it even in a query's parameters) and nesting deeper
 * than any input has (reading keys and validating recurse, so depth would overflow the stack). The
 * walk itself is iterative. A NUL is reported under the top-level field that holds it.
 */
export function refuseHostileInput(input: unknown): void {
  const stack: { value: unknown; depth: number; field?: string }[] = [{ value: input, depth: 0 }];
  while (stack.length) {
    const { value, depth, field } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0'))
        throw AppError.fields('invalid_input', { [field ?? 'nonFieldErrors']: INPUT_MESSAGES.nullCharacter });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    // A body kept as its bytes (the Stripe webhook's, whose signature covers them) is checked by its route.
    if (value instanceof Uint8Array) continue;
    if (depth >= MAX_INPUT_DEPTH) throw AppError.detail('bad_request', 'malformed_request', INPUT_MESSAGES.tooDeep);
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\0'))
        throw AppError.fields('invalid_input', { [field ?? 'nonFieldErrors']: INPUT_MESSAGES.nullCharacter });
      stack.push({ value: child, depth: depth + 1, field: field ?? (Array.isArray(value) ? undefined : toCamel(key)) });
    }
  }
}
