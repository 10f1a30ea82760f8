/** snake_case keys in (the spec's contract); camelCase keys pass unchanged. Values are left alone. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (isPlainRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[toCamel(k)] = camelizeKeys(v);
    return out;
  }
  return value;
}

export function toCamel(key: string): string {
  return key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Plain objects, including Fastify's parsed query (whose prototype is itself prototype-less). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
