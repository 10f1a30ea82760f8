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
    ]) {
      expect(text).toContain(decision);
    }
    const sign = doc.paths['/api/v1/projects/dashboard/{id}/sign/']!;
    expect(Object.keys(sign).sort()).toEqual(['get', 'post']);
  });
});
