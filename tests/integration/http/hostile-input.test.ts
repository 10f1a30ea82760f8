import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@server/trpc/router.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createCast, createDeal, threadBy } from '@tests/support/negotiation.js';

/**
 * Property: whatever hostile input reaches any REST route or tRPC procedure (enumerated from what
 * the server registered, not listed here), anonymously or signed in, the answer is a 4xx in the spec's
 * error shape, never a 500, and no row of any table changes. Every request carries at least one thing
 * no route may accept (a NUL character, hostile nesting, JSON or multipart that does not parse, every
 * declared field set to a number out of range), plus random wrong types, huge numbers and ids around it. FUZZ_SEED replays a run; FUZZ_RUNS sets the
 * requests per route and procedure.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const NUL = '\u0000';
const BOUNDARY = '----fuzzboundary';

interface Identity {
  name: 'anonymous' | 'adviser' | 'signer';
  headers: Record<string, string>;
}

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What made this request hostile, for the tally. */
  kind: string;
}

let t: TestApp;
let identities: Identity[] = [];
/** Ids that exist, so random ids also hit rows and reach the code behind the checks. */
let realIds: number[] = [];
let baseline: string;
const statuses = new Map<string, number>();
const kinds = new Map<string, number>();

// ---------------------------------------------------------------------------------------------
// What the server registered.

/** Every route and method the Fastify router holds, read from its own listing. */
function registeredRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─ ]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m || !m[2]) continue;
    const depth = Math.max(0, m[1]!.length / 4 - 1);
    const url = (prefixes[depth - 1] ?? '') + m[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** Every tRPC procedure with its kind and the field names its input schema declares. */
function procedures(): Array<{ path: string; type: 'query' | 'mutation'; fields: string[] }> {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def
    .procedures;
  return Object.entries(record).map(([path, p]) => ({
    path,
    type: p._def.type === 'query' ? 'query' : 'mutation',
    fields: p._def.inputs.flatMap((input) => Object.keys(shapeOf(input))),
  }));
}
interface ProcedureDef {
  type: string;
  inputs: unknown[];
}
function shapeOf(schema: unknown): Record<string, unknown> {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def: { in?: unknown; innerType?: unknown } } };
  if (s?.shape) return s.shape;
  const inner = s?._zod?.def.in ?? s?._zod?.def.innerType;
  return inner ? shapeOf(inner) : {};
}

/**
 * The input field names of each REST operation, from the OpenAPI document the routes describe
 * themselves with, and whether a query parameter is a number (only then can a query be out of range:
 * a query of text fields takes any digits as text).
 */
type FieldsByOperation = Map<string, { names: string[]; numericQuery: boolean; statuses: string[] }>;
const isNumeric = (schema: ParameterSchema | undefined): boolean =>
  !!schema && (schema.type === 'integer' || schema.type === 'number' || !!schema.anyOf?.some(isNumeric));
async function restFields(app: FastifyInstance): Promise<FieldsByOperation> {
  const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const out: FieldsByOperation = new Map();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const names = query.map((p) => p.name);
      for (const media of Object.values(op.requestBody?.content ?? {}))
        names.push(...Object.keys(media.schema.properties ?? {}));
      out.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, {
        names,
        numericQuery: query.some((p) => isNumeric(p.schema)),
        statuses: Object.keys(op.responses),
      });
    }
  return out;
}
interface ParameterSchema {
  type?: string;
  anyOf?: ParameterSchema[];
}
interface Operation {
  responses: Record<string, unknown>;
  parameters?: Array<{ name: string; in: string; schema?: ParameterSchema }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const COMMON_FIELDS = ['id', 'email', 'password', 'text', 'name', 'nda', 'project', 'page', 'limit', 'offset', 'file'];
const HUGE_NUMBERS = [2147483648, 2147483647, 4294967296, 2 ** 53 + 2, 1e21, 1e308, -1, 0, -2147483649, 1.5];
const ODD_TEXT = [
  '',
  ' ',
  'null',
  'true',
  '1e400',
  'NaN',
  '2147483648',
  '-1',
  '%00',
  '\\u0000',
  '<b>x</b>',
  "' or 1=1 --",
];

const withNul = fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => `${a}${NUL}${b}`);
const anyId = () => fc.oneof(fc.constantFrom(...realIds), fc.constantFrom(...HUGE_NUMBERS), fc.integer());
const text = fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom(...ODD_TEXT), fc.constant('x'.repeat(6000)));
const scalar = () =>
  fc.oneof(text, anyId(), fc.boolean(), fc.constant(null), fc.double(), fc.constant(Number.MAX_VALUE));
const value = () =>
  fc.oneof(
    { weight: 4, arbitrary: scalar() },
    fc.array(scalar(), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), scalar(), { maxKeys: 3 }),
    fc.array(fc.record({ page: anyId(), x: scalar(), y: scalar() }), { maxLength: 3 }),
  );
const fieldsObject = (fields: string[]) =>
  fc.dictionary(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fields, ...COMMON_FIELDS) }, fc.string({ maxLength: 10 })),
    value(),
    { maxKeys: 6 },
  );

/** A nesting far deeper than any input, as JSON text. */
const deepJson = fc
  .tuple(fc.integer({ min: 40, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};
const garbageJson = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('{', '[1,2', '{"email": "a"', 'nul', '{"a":1}}', "{'a':1}", '{"a":1,}', NUL),
  )
  // An empty ?input= is no input at all, which a procedure without input rightly serves.
  .filter((s) => s !== '' && !isJson(s));

/**
 * A JSON document of random fields with one thing no route accepts: a NUL in a value or a key
 * (possibly nested), or hostile nesting under a field.
 */
const poisonedJson = (fields: string[]) =>
  fc
    .tuple(
      fieldsObject(fields),
      fc.constantFrom(...fields, ...COMMON_FIELDS),
      fc.constantFrom('value', 'key', 'nested', 'deep', 'top-deep'),
      withNul,
      deepJson,
    )
    .map(([body, field, how, nul, deep]) => {
      const doc: Record<string, unknown> = { ...body };
      const MARK = 'DEEP-NESTING-HERE';
      if (how === 'value') doc[field] = nul;
      else if (how === 'key') doc[`${field}${NUL}`] = 1;
      else if (how === 'nested') doc[field] = [{ page: 1, text: nul }];
      else if (how === 'deep') doc[field] = MARK;
      if (how === 'top-deep') return { kind: 'deep nesting', text: deep };
      return {
        kind: how === 'deep' ? 'deep nesting' : 'NUL byte',
        text: JSON.stringify(doc).replace(`"${MARK}"`, deep),
      };
    });

const part = (name: string, body: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
  `${filename === undefined ? '' : 'Content-Type: application/pdf\r\n'}\r\n${body}\r\n`;

/**
 * A NUL string as a quoted header parameter holds it: a quote or a line break would end the name
 * before its NUL, and a slash or a backslash would make it a path, whose folders the parser drops
 * (`a\<NUL>\K` is the file `K`), leaving a well-formed part.
 */
const inQuotes = (nul: string) => nul.replace(/["\r\n/\\]/g, '');

/** A multipart body that does not parse, or parses into a NUL character. */
const brokenMultipart = (fields: string[]) =>
  fc
    .tuple(fc.constantFrom(...fields, ...COMMON_FIELDS, 'file'), fc.string({ maxLength: 20 }), withNul, fc.nat(60))
    .chain(([field, junk, nul, cut]) =>
      fc.constantFrom(
        { type: `multipart/form-data`, body: junk },
        { type: `multipart/form-data; boundary=${BOUNDARY}`, body: junk },
        { type: `multipart/form-data; boundary=${BOUNDARY}`, body: part(field, 'x').slice(0, cut) },
        {
          type: `multipart/form-data; boundary=${BOUNDARY}`,
          body: `--${BOUNDARY}\r\nGarbage\r\n\r\nx\r\n--${BOUNDARY}--`,
        },
        { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `${part(field, nul)}--${BOUNDARY}--\r\n` },
        {
          type: `multipart/form-data; boundary=${BOUNDARY}`,
          body: `${part('file', '%PDF-1.4', inQuotes(nul))}--${BOUNDARY}--\r\n`,
        },
        {
          type: `multipart/form-data; boundary=${BOUNDARY}`,
          body: `${part(`${field}${inQuotes(nul)}`, 'x')}--${BOUNDARY}--\r\n`,
        },
      ),
    )
    .map(({ type, body }) => ({ kind: 'broken multipart', type, body }));

/** A query string of random fields, one of them (or its name) with a NUL. */
const poisonedQuery = (fields: string[]) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...fields, ...COMMON_FIELDS), fc.oneof(text, anyId().map(String)), { maxKeys: 4 }),
      fc.constantFrom(...fields, ...COMMON_FIELDS),
      withNul,
      fc.boolean(),
    )
    .map(([query, field, nul, inKey]) => {
      const entries = Object.entries(query).map(([k, v]) => [k, String(v)]);
      entries.push(inKey ? [`${field}${NUL}`, '1'] : [field, nul]);
      return entries.map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!)}`).join('&');
    });

/**
 * Every field the route declares set to a number no field takes (beyond PostgreSQL's integer, or not
 * an integer): the request reaches validation, which must refuse it.
 */
const OUT_OF_RANGE = [2147483648, 4294967296, 2 ** 53 + 2, 1e21, -2147483649, 1.5];
const outOfRange = (fields: string[]) =>
  fc
    .array(fc.constantFrom(...OUT_OF_RANGE), { minLength: fields.length, maxLength: fields.length })
    .map((values) => Object.fromEntries(fields.map((f, i) => [f, values[i]])));

const pathId = () =>
  fc.oneof(
    anyId().map(String),
    fc.constantFrom('2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', 'abc', '%00', '0x10', '%20', 'null'),
  );

// ---------------------------------------------------------------------------------------------
// Requests.

function restCall(
  route: { method: string; url: string },
  { names: fields, numericQuery }: { names: string[]; numericQuery: boolean },
): fc.Arbitrary<Omit<Call, 'headers'>> {
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const url = fc
    .tuple(fc.array(pathId(), { minLength: params.length, maxLength: params.length }))
    .map(([ids]) => params.reduce((u, p, i) => u.replace(`:${p}`, ids[i]!), route.url));
  const inQuery = fc
    .tuple(url, poisonedQuery(fields))
    .map(([u, q]) => ({ method: route.method, url: `${u}?${q}`, kind: 'NUL byte' }));
  const queryOutOfRange = fc.tuple(url, outOfRange(fields)).map(([u, q]) => ({
    method: route.method,
    url: `${u}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`,
    kind: 'number out of range',
  }));
  if (!withBody) return numericQuery ? fc.oneof({ weight: 3, arbitrary: inQuery }, queryOutOfRange) : inQuery;
  const json = fc.tuple(url, poisonedJson(fields)).map(([u, { kind, text: payload }]) => ({
    method: route.method,
    url: u,
    kind,
    payload,
    type: 'application/json',
  }));
  const garbage = fc
    .tuple(url, garbageJson)
    .map(([u, payload]) => ({ method: route.method, url: u, kind: 'garbage JSON', payload, type: 'application/json' }));
  const multipart = fc
    .tuple(url, brokenMultipart(fields))
    .map(([u, m]) => ({ method: route.method, url: u, kind: m.kind, payload: m.body, type: m.type }));
  const bodyOutOfRange = fc.tuple(url, outOfRange(fields)).map(([u, body]) => ({
    method: route.method,
    url: u,
    kind: 'number out of range',
    payload: JSON.stringify(body),
    type: 'application/json',
  }));
  const kinds = [json, garbage, multipart, inQuery, ...(fields.length ? [bodyOutOfRange] : [])];
  return fc
    .oneof({ weight: 3, arbitrary: kinds[0]! }, ...kinds.slice(1))
    .map(({ type, ...call }: { type?: string } & Omit<Call, 'headers'>) => ({ ...call, contentType: type }));
}

function trpcCall(proc: {
  path: string;
  type: 'query' | 'mutation';
  fields: string[];
}): fc.Arbitrary<Omit<Call, 'headers'>> {
  const input = fc.oneof(
    { weight: 3, arbitrary: poisonedJson(proc.fields).map(({ kind, text: s }) => ({ kind, text: s })) },
    garbageJson.map((s) => ({ kind: 'garbage JSON', text: s })),
    ...(proc.fields.length
      ? [outOfRange(proc.fields).map((o) => ({ kind: 'number out of range', text: JSON.stringify(o) }))]
      : []),
  );
  if (proc.type === 'query')
    return input.map(({ kind, text: s }) => ({
      method: 'GET',
      url: `/trpc/${proc.path}?input=${encodeURIComponent(s)}`,
      kind,
    }));
  const batched = (s: string) => `{"0":${s}}`;
  return fc
    .tuple(
      fc.oneof(
        input.map((i) => ({ ...i, type: 'application/json' })),
        brokenMultipart(proc.fields).map((m) => ({ kind: m.kind, text: m.body, type: m.type })),
      ),
      fc.boolean(),
    )
    .map(([{ kind, text: s, type }, batch]) => ({
      method: 'POST',
      url: batch && type === 'application/json' ? `/trpc/${proc.path}?batch=1` : `/trpc/${proc.path}`,
      kind,
      payload: batch && type === 'application/json' ? batched(s) : s,
      contentType: type,
    }));
}

// ---------------------------------------------------------------------------------------------
// Checks.

/** The spec's error body: detail and per-field / nonFieldErrors lists of messages. */
function isErrorBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.keys(body).length) return false;
  return Object.values(body).every(
    (v) => typeof v === 'string' || (Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string')),
  );
}

/**
 * Row counts and a checksum of every table, in one query. `auth_attempts` is left out: a refused
 * sign-up, sign-in or reset is counted there toward its rate limit, by design (a sign-up refused because
 * its e-mail is taken must count, or the answer would list the taken addresses for free).
 */
async function databaseFingerprint(): Promise<string> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'auth_attempts'
    order by table_name`.execute(t.core.db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`select ${name}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from ${sql.table(name)} x`,
  );
  const rows = await sql<{ name: string; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(t.core.db);
  return rows.rows
    .map((r) => `${r.name}=${r.sum}`)
    .sort()
    .join('\n');
}

async function send(call: Omit<Call, 'headers'> & { contentType?: string }, who: Identity) {
  const headers: Record<string, string> = { ...who.headers };
  if (call.contentType) headers['content-type'] = call.contentType;
  const res = await t.app.inject({ method: call.method as 'GET', url: call.url, headers, payload: call.payload });
  const key = `${res.statusCode}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  kinds.set(call.kind, (kinds.get(call.kind) ?? 0) + 1);
  return res;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestApp();
  const cast = await createCast(t, { signersReady: false });
  const deal = await createDeal(t, cast);
  const thread = await threadBy(t, cast.signerA1, deal.a.ndaId);
  identities = [
    { name: 'anonymous', headers: {} },
    { name: 'adviser', headers: { authorization: `Bearer ${cast.owner.access}` } },
    { name: 'signer', headers: { authorization: `Bearer ${cast.signerA1.access}` } },
  ];
  realIds = [
    ...new Set([
      1,
      2,
      deal.projectId,
      deal.a.branchId,
      deal.a.ndaId,
      deal.b.ndaId,
      thread,
      cast.owner.id,
      cast.signerA1.id,
      cast.manager.id,
      cast.owner.user.company!,
      ...Object.values(deal.a.signerships),
    ]),
  ];
  // Background work (the timetable's pass, digests, mail delivery) changes rows on its own during a long
  // run: what the set-up left is done, then the workers stop, so every change the fingerprint sees is a
  // request's.
  for (const worker of [t.timetable, t.core.digest, t.core.outbox]) {
    await worker.drain();
    await worker.stop();
  }
  baseline = await databaseFingerprint();
  console.log(`hostile input fuzz: seed ${SEED}, ${RUNS} requests per route and procedure (FUZZ_SEED, FUZZ_RUNS)`);
}, 120_000);

afterAll(async () => {
  console.log(
    `hostile input fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, kinds ${JSON.stringify(Object.fromEntries(kinds))}`,
  );
  await t?.close();
});

const identity = () => fc.constantFrom(...identities);
let validErrorBody: ValidateFunction;

describe('hostile input', () => {
  it('every REST route answers 4xx in the error shape, never 500, and changes no row', async () => {
    const fields = await restFields(t.app);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      components: { schemas: { ErrorBody: object } };
    };
    const undocumented = new Set<string>();
    validErrorBody = new Ajv2020({ strict: false }).compile(doc.components.schemas.ErrorBody);
    const routes = registeredRoutes(t.app).filter(
      (r) => r.method !== 'HEAD' && !r.url.startsWith('/trpc/') && !r.url.includes('*'),
    );
    const api = routes.filter((r) => r.url.startsWith('/api/v1/'));
    // The whole surface: every documented operation is among the routes the router holds.
    expect(api.length).toBeGreaterThanOrEqual(fields.size);
    for (const route of routes) {
      const documented = fields.get(`${route.method} ${route.url}`);
      const routeFields = documented ?? { names: [], numericQuery: false, statuses: [] };
      await fc.assert(
        fc.asyncProperty(restCall(route, routeFields), identity(), async (call, who) => {
          const res = await send(call, who);
          const what = `${who.name} ${call.method} ${call.url.slice(0, 200)} (${call.kind}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (!route.url.startsWith('/api/v1/')) return;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(isErrorBody(res.json()), what).toBe(true);
          // The OpenAPI document tells the truth: the status is one it lists, the body its error schema.
          if (!documented) return;
          if (!documented.statuses.includes(String(res.statusCode)))
            undocumented.add(`${route.method} ${route.url} ${res.statusCode}`);
          expect(validErrorBody(res.json()), `${what}: ${JSON.stringify(validErrorBody.errors)}`).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(await databaseFingerprint(), `rows changed by ${route.method} ${route.url}`).toBe(baseline);
    }
    console.log(
      `hostile input fuzz: ${routes.length} REST routes (${api.length} under /api/v1), ${undocumented.size} answers of a status their OpenAPI operation does not list`,
    );
    expect([...undocumented]).toEqual([]);
  }, 300_000);

  it('every tRPC procedure answers 4xx in the error shape, never 500, and changes no row', async () => {
    const procs = procedures();
    expect(procs.length).toBeGreaterThan(40);
    for (const proc of procs) {
      await fc.assert(
        fc.asyncProperty(trpcCall(proc), identity(), async (call, who) => {
          const res = await send(call, who);
          const what = `${who.name} ${call.method} ${call.url.slice(0, 200)} (${call.kind}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          const json = res.json() as { error?: { data?: { httpStatus: number; body: unknown } } } | Array<unknown>;
          const errors = (Array.isArray(json) ? json : [json]) as Array<{
            error?: { data?: { httpStatus: number; body: unknown } };
          }>;
          for (const e of errors) {
            expect(e.error?.data?.httpStatus, what).toBeLessThan(500);
            expect(isErrorBody(e.error?.data?.body), what).toBe(true);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(await databaseFingerprint(), `rows changed by ${proc.path}`).toBe(baseline);
    }
    console.log(`hostile input fuzz: ${procs.length} tRPC procedures`);
  }, 300_000);
});
