import { z } from 'zod';
import { REASONS } from '@shared/reasons.js';
import type { RouteDoc } from '../route.js';
import { API_DESCRIPTION } from './description.js';

/** A REST route as Fastify registered it, with what its definition says about itself. */
export interface DocumentedRoute {
  method: string;
  url: string;
  doc: RouteDoc;
}

type JsonSchema = Record<string, unknown>;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };
const ERROR = { $ref: '#/components/responses/Error' };
/** Methods whose body is read: too large is 413, a media type no route reads is 415. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Node's HTTP server answers it before any route runs, with no body. */
const HEADERS_TOO_LARGE = { description: 'Request header fields too large (answered without a body)' };

/** The OpenAPI 3.1 description of the REST surface, made from the routes themselves so none is missing. */
export function openApiDocument(routes: DocumentedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!METHODS.has(route.method)) continue;
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'NDA workspace REST API', version: 'v1', description: API_DESCRIPTION },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from /authentication/login/ (15 minutes).',
        },
      },
      schemas: {
        ErrorBody: {
          type: 'object',
          description:
            'Messages by field name, nonFieldErrors for the form as a whole, detail for the call, and `code`: why the call was refused, for programs to match on (the messages are for people).',
          required: ['code'],
          properties: {
            detail: { type: 'string' },
            nonFieldErrors: { type: 'array', items: { type: 'string' } },
            code: { type: 'string', enum: Object.keys(REASONS) },
          },
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
      responses: {
        Error: {
          description: 'The error body of the spec',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
        // Not an operation's answer: a method a known path does not serve answers it, with Allow.
        MethodNotAllowed: {
          description: 'The path exists but does not serve this method; Allow lists those it does',
          headers: { Allow: { schema: { type: 'string' }, description: 'The methods the path serves' } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      },
    },
  };
}

function operation(route: DocumentedRoute, path: string): JsonSchema {
  const { doc } = route;
  const parameters: JsonSchema[] = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema:
      name === 'id' || name!.endsWith('Id')
        ? { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 }
        : { type: 'string' },
  }));
  let requestBody: JsonSchema | undefined;
  if (doc.input && doc.inputIn === 'query') {
    const schema = jsonSchemaOf(doc.input);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(
      (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
    )) {
      parameters.push({ name, in: 'query', required: required.has(name), schema: property });
    }
  } else if (doc.input) {
    requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(doc.input) } } };
  }
  if (doc.form) {
    const fields = doc.form.fields ? jsonSchemaOf(doc.form.fields) : { type: 'object', properties: {} };
    const files = Object.fromEntries(doc.form.files.map((name) => [name, { type: 'string', format: 'binary' }]));
    const form = {
      ...fields,
      type: 'object',
      properties: { ...((fields.properties as JsonSchema | undefined) ?? {}), ...files },
    };
    requestBody = {
      content: {
        'multipart/form-data': { schema: form },
        ...(doc.form.fields ? { 'application/json': { schema: fields } } : {}),
      },
    };
  }

  const responses: Record<string, unknown> = {
    [doc.status]:
      doc.status === 204
        ? { description: STATUS_TEXT[204] }
        : {
            description: STATUS_TEXT[doc.status] ?? 'OK',
            content: {
              [doc.produces ?? 'application/json']: {
                schema: doc.produces ? { type: 'string', format: 'binary' } : {},
              },
            },
          },
  };
  // Every call refuses input no field accepts (a NUL character, hostile nesting) with 400.
  responses[400] = ERROR;
  if (doc.auth === 'required') {
    responses[401] = ERROR;
    responses[403] = ERROR;
  }
  if (doc.auth === 'required' || parameters.some((p) => p.in === 'path')) responses[404] = ERROR;
  if (WITH_BODY.has(route.method)) {
    responses[413] = ERROR;
    responses[415] = ERROR;
  }
  for (const status of doc.statuses ?? []) responses[status] = ERROR;
  responses[431] = HEADERS_TOO_LARGE;

  return {
    tags: [tagOf(route.url)],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.auth === 'required' ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** A shared zod schema as the JSON schema of what a client sends, its keys in the spec's snake_case. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    json = { type: 'object' };
  }
  delete json.$schema;
  return snakeKeys(json);
}

function snakeKeys(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties && typeof schema.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [toSnake(k), snakeKeys(v)]),
    );
  }
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map(toSnake);
  if (schema.items && typeof schema.items === 'object') out.items = snakeKeys(schema.items as JsonSchema);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) out[key] = (schema[key] as JsonSchema[]).map(snakeKeys);
  }
  return out;
}

function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Operations are grouped by resource: /projects/nda/... under "nda", /authentication/... under "authentication". */
function tagOf(url: string): string {
  const [first, second] = url.replace(/^\/api\/v1\//, '').split('/');
  return first === 'projects' && second && !second.startsWith(':') ? second : (first ?? 'api');
}
