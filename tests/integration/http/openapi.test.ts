import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';

// server/rest/openapi: the description of the REST surface, made from the routes themselves.

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
interface OpenApi {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApi;
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document anyone may read', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations().length).toBeGreaterThan(70);
  });

  it('is valid against the OpenAPI 3.1 schema, and every schema in it compiles', () => {
    // Ajv resolves the schema's one dynamic reference (#meta, every Schema Object) wrongly; it names
    // $defs/schema, so a plain reference to it validates the same.
    const oas = JSON.parse(
      fs
        .readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/oas-3.1-schema.json'), 'utf8')
        .replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"'),
    ) as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(oas);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
    const schemas = new Ajv2020({ strict: false, validateFormats: false });
    for (const { path: p, method, op } of operations()) {
      for (const param of op.parameters ?? [])
        expect(() => schemas.compile(param.schema), `${method} ${p} ${param.name}`).not.toThrow();
      for (const media of Object.values(op.requestBody?.content ?? {}))
        expect(() => schemas.compile(media.schema), `${method} ${p} body`).not.toThrow();
    }
  });

  it('documents every error status a call can give', () => {
    for (const { path: p, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      const what = `${method} ${p}`;
      expect(statuses, what).toEqual(expect.arrayContaining(['400', '431']));
      if (op.security?.length) expect(statuses, what).toEqual(expect.arrayContaining(['401', '403', '404']));
      if (method !== 'get') expect(statuses, what).toEqual(expect.arrayContaining(['413', '415']));
    }
    for (const throttled of [
      '/api/v1/authentication/login/',
      '/api/v1/authentication/password/reset/',
      '/api/v1/registration/',
      '/api/v1/contact-us/',
      '/api/v1/me/delete-my-account/',
    ])
      expect(doc.paths[throttled]!.post!.responses, throttled).toHaveProperty('429');
    expect(JSON.stringify(doc.paths['/api/v1/projects/projects/']!.get!.parameters)).toContain('"not":{"const":0}');
  });

  it('answers 405 with Allow to a method a known path does not serve, and 404 to an unknown path', async () => {
    for (const [method, url, allow] of [
      ['GET', '/api/v1/authentication/login/', 'POST'],
      ['DELETE', '/api/v1/projects/projects/', 'GET, HEAD, POST'],
      ['PUT', '/api/v1/projects/nda/12/get_nda_pdf/?original=true', 'GET, HEAD'],
      ['PATCH', '/api/v1/openapi.json', 'GET, HEAD'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({ detail: `Method "${method}" not allowed.`, code: 'method_not_allowed' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Every documented path, with each method it does not serve.
    const concrete = (p: string) => p.replace(/\{\w+\}/g, '1');
    const pattern = (p: string) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`);
    let checked = 0;
    for (const p of Object.keys(doc.paths)) {
      const url = concrete(p);
      const served = new Set(
        Object.entries(doc.paths)
          .filter(([other]) => pattern(other).test(url))
          .flatMap(([, methods]) => Object.keys(methods).map((m) => m.toUpperCase())),
      );
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (served.has(method)) continue;
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        const allow = String(res.headers.allow).split(', ');
        expect(allow, `${method} ${url}`).toEqual(expect.arrayContaining([...served]));
        expect(allow).not.toContain(method);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.allow).toBeUndefined();
  });

  it('ignores query parameters a call does not declare, on every call', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const extra = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json?unknown=1&x[y]=2' });
    expect(extra.statusCode).toBe(200);
    expect(extra.body).toBe(plain.body);
    expect(doc.info.description).toContain('Query parameters** a call does not declare are ignored');
  });

  it('describes only routes that exist, each with a summary and its answers', () => {
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{[A-Za-z_]+\}/g, '1');
      expect(
        t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{([A-Za-z_]+)\}/g, ':$1') }),
        `${method} ${path}`,
      ).toBe(true);
      expect(op.summary, `${method} ${url}`).toMatch(/^[A-Z].{8,}\.$/);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
  });

  it('names the calls of the spec, with their inputs in snake_case', () => {
    const thread = doc.paths['/api/v1/projects/comment_threads/']!.post!;
    const body = thread.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties!)).toEqual(expect.arrayContaining(['nda', 'text', 'pointers']));
    expect(thread.security).toEqual([{ bearer: [] }]);
    expect(thread.responses).toHaveProperty('401');

    const login = doc.paths['/api/v1/authentication/login/']!.post!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties!)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );

    const reset = doc.paths['/api/v1/authentication/password/reset/confirm/']!.post!;
    expect(Object.keys(reset.requestBody!.content['application/json']!.schema.properties!)).toEqual(
      expect.arrayContaining(['new_password1', 'new_password2', 'uid', 'token']),
    );

    const projects = doc.paths['/api/v1/projects/projects/']!.get!;
    expect(projects.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset']));
    expect(projects.parameters!.every((p) => p.in === 'query')).toBe(true);

    const nda = doc.paths['/api/v1/projects/nda/{id}/']!.get!;
    expect(nda.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(nda.responses).toHaveProperty('404');
  });

  it('describes the multipart forms with their file parts, and the calls that answer files', () => {
    const create = doc.paths['/api/v1/projects/projects/']!.post!;
    const form = create.requestBody!.content['multipart/form-data']!.schema.properties!;
    expect(form).toHaveProperty('teaser', { type: 'string', format: 'binary' });
    expect(form).toHaveProperty('cim', { type: 'string', format: 'binary' });
    expect(create.responses).toHaveProperty('201');
    expect(create.responses).toHaveProperty('413');

    const upload = doc.paths['/api/v1/projects/nda/']!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema.properties).toHaveProperty('file');

    const pdf = doc.paths['/api/v1/projects/nda/{id}/get_nda_pdf/']!.get!;
    expect(pdf.responses['200']).toEqual({
      description: 'OK',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    const redline = doc.paths['/api/v1/projects/nda/{id}/redline.docx']!.get!;
    expect(Object.keys((redline.responses['200'] as { content: object }).content)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
  });

  it('writes down the contract decisions where the spec is silent', () => {
    const text = doc.info.description;
    for (const decision of [
      '/projects/nda_templates/',
      'send_nda_to_all_signers',
      '/projects/comment_threads/',
      'original=true',
      'subscribe {projectId}',
      'snake_case in',
      'redline.docx',
    ]) {
      expect(text).toContain(decision);
    }
    const sign = doc.paths['/api/v1/projects/dashboard/{id}/sign/']!;
    expect(Object.keys(sign).sort()).toEqual(['get', 'post']);
  });
});
