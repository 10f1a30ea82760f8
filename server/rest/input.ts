import { z } from 'zod';
import { camelizeKeys } from '../case.js';

const INTEGER = /^\s*-?\d{1,15}\s*$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false, True: true, False: false, '1': true, '0': false };

/** The kind of value a field's schema wants under optional/default/pipe wrappers: 'number', 'boolean', 'string'... */
function fieldKind(schema: unknown): string | undefined {
  let cur = schema as { _zod?: { def: { type: string; innerType?: unknown; in?: unknown } } } | undefined;
  for (let depth = 0; cur?._zod && depth < 8; depth += 1) {
    const def = cur._zod.def;
    if (def.innerType) cur = def.innerType as typeof cur;
    else if (def.type === 'pipe') cur = def.in as typeof cur;
    else return def.type;
  }
  return undefined;
}

/**
 * A JSON schema (shared/schemas) read from a query string, a multipart form or a JSON body: keys
 * camelCased, and text read the way each field wants it ('12' as 12 for a number, 'true' as true for a
 * boolean, '' as absent for anything but text).
 */
export function restInput<S extends z.ZodObject>(schema: S) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const input = camelizeKeys(raw) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const kind = fieldKind(schema.shape[key]);
      if (typeof value !== 'string' || kind === 'string' || kind === undefined) out[key] = value;
      else if (value === '') out[key] = undefined;
      else if (kind === 'number' && INTEGER.test(value)) out[key] = Number(value);
      else if (kind === 'boolean' && value in BOOLEANS) out[key] = BOOLEANS[value];
      else out[key] = value;
    }
    return out;
  }, schema);
}
