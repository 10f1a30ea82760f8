import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_MESSAGES } from '@shared/schemas/templates.js';
import { PREVIEW_SIZE, renderFirstPage } from '@server/services/pdf-preview.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture } from '@tests/support/account-area.js';
import {
  type Cast,
  createCast,
  filePart,
  insertProject,
  PNG_SIGNATURE,
  pngSize,
  postNda,
  postTemplate,
  cleanCopy,
} from '@tests/support/documents.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { SETUP_MS } from '@tests/support/wait.js';

// NDA templates: /projects/nda_templates/ (server/rest/templates.ts, commands/templates/*, queries/templates/*,
// policies/nda.ts authorizeTemplate(s), presenters/template.ts, services/pdf-preview.ts) and the tRPC twins templates.*.

const DTO_KEYS = ['created', 'file', 'id', 'name', 'pageCount', 'preview', 'projects'];

let t: TestApp;
let c: Cast;

beforeAll(async () => {
  t = await startTestApp();
  c = await createCast(t);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

const list = (user: TestUser | null, query = '') =>
  call(t, 'GET', `/projects/nda_templates/${query}`, { access: user?.access ?? null });
const one = (user: TestUser | null, id: number | string, suffix = '') =>
  call(t, 'GET', `/projects/nda_templates/${id}/${suffix}`, { access: user?.access ?? null });
const rename = (user: TestUser | null, id: number, json: unknown) =>
  call(t, 'PATCH', `/projects/nda_templates/${id}/`, { access: user?.access ?? null, json });
const remove = (user: TestUser | null, id: number) =>
  call(t, 'DELETE', `/projects/nda_templates/${id}/`, { access: user?.access ?? null });

async function newTemplate(user: TestUser, name: string, relative = 'pdfs/with_signature.pdf') {
  const res = await postTemplate(t, user, name, filePart('file', relative));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: number;
    name: string;
    file: string;
    preview: string | null;
    pageCount: number;
    projects: number[];
  };
}

describe('POST and GET one template', () => {
  it('the owner adds a template: the spec’s fields plus preview, page count and projects', async () => {
    const created = await newTemplate(c.owner, 'Standard mutual NDA', 'ndas/mutual-nda.pdf');
    expect(Object.keys(created).sort()).toEqual(DTO_KEYS);
    expect(created).toMatchObject({ name: 'Standard mutual NDA', pageCount: 4, projects: [] });
    expect(created.file).toMatch(
      new RegExp(`^/api/v1/projects/nda_templates/${created.id}/get_nda_template_pdf/\\?v=\\w+$`),
    );
    expect(created.preview).toMatch(new RegExp(`^/api/v1/projects/nda_templates/${created.id}/get_preview/\\?v=\\w+$`));
    const got = await one(c.owner, created.id);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    // The URLs the DTO gives work as they are.
    const pdf = await call(t, 'GET', created.file.replace('/api/v1', ''), { access: c.owner.access });
    expect(Buffer.compare(pdf.raw, await cleanCopy(fixture('ndas/mutual-nda.pdf')))).toBe(0);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a PNG preview of the first page, 400 pixels on its longer side', async () => {
    const created = await newTemplate(c.owner, 'Previewed', 'pdfs/normal.pdf');
    const res = await call(t, 'GET', created.preview!.replace('/api/v1', ''), { access: c.owner.access });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.raw.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const { width, height } = pngSize(res.raw);
    expect(Math.max(width, height)).toBe(PREVIEW_SIZE);
    expect(Math.min(width, height)).toBeGreaterThan(100);
  });

  it('any team member adds and manages the company’s templates', async () => {
    const byMember = await newTemplate(c.outsider, 'Member template');
    expect((await one(c.owner, byMember.id)).status).toBe(200);
    expect((await one(c.member, byMember.id)).status).toBe(200);
    expect((await rename(c.member, byMember.id, { name: 'Renamed by a colleague' })).body.name).toBe(
      'Renamed by a colleague',
    );
  });

  it('requires a name: enter NDA template name', async () => {
    for (const name of [null, '', '   ']) {
      const res = await postTemplate(t, c.owner, name, filePart('file', 'pdfs/normal.pdf'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: [TEMPLATE_MESSAGES.name], code: 'invalid_input' });
    }
  });
});

describe('who may see and change a template', () => {
  let id: number;
  beforeAll(async () => {
    id = (await newTemplate(c.owner, 'Private template')).id;
  }, SETUP_MS);

  it('signers and other companies: 404 on one template, its files, rename and delete', async () => {
    for (const user of [c.signerA, c.stranger]) {
      for (const suffix of ['', 'get_nda_template_pdf/', 'get_preview/'])
        expect((await one(user, id, suffix)).status).toBe(404);
      expect((await rename(user, id, { name: 'Mine now' })).status).toBe(404);
      expect((await remove(user, id)).status).toBe(404);
    }
    expect((await one(c.owner, id)).body.name).toBe('Private template');
  });

  it('signers may not list or add templates (403); another company lists only its own', async () => {
    expect((await list(c.signerA)).status).toBe(403);
    expect((await postTemplate(t, c.signerA, 'Signer template', filePart('file', 'pdfs/normal.pdf'))).status).toBe(403);
    const theirs = await list(c.stranger);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('anonymous callers get 401 everywhere', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await one(null, id)).status).toBe(401);
    expect((await one(null, id, 'get_preview/')).status).toBe(401);
    expect((await postTemplate(t, null, 'Anon', filePart('file', 'pdfs/normal.pdf'))).status).toBe(401);
    expect((await rename(null, id, { name: 'x' })).status).toBe(401);
    expect((await remove(null, id)).status).toBe(401);
  });

  it('a malformed id is simply not there (404)', async () => {
    expect((await one(c.owner, 'abc')).status).toBe(404);
    expect((await one(c.owner, '0')).status).toBe(404);
    expect((await one(c.owner, '9999999999')).status).toBe(404);
    expect((await one(c.owner, '9999999999', 'get_preview/')).status).toBe(404);
  });
});

describe('GET list: newest first, 9 a page, filters', () => {
  let owner: TestUser;
  let ids: number[];
  beforeAll(async () => {
    // A company of its own, so the counts are exact.
    owner = await createOwner(t, { company_name: 'Paging Partners' });
    ids = [];
    for (let i = 1; i <= 11; i += 1)
      ids.push((await newTemplate(owner, i === 5 ? 'Special 100%_deal' : `Paged template ${i}`)).id);
  }, SETUP_MS);

  it('pages of 9 by default with next and previous links', async () => {
    const first = await list(owner);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(11);
    expect(first.body.results.map((r: { id: number }) => r.id)).toEqual([...ids].reverse().slice(0, 9));
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/v1/projects/nda_templates/?limit=9&offset=9');
    const second = await call(t, 'GET', first.body.next.replace('/api/v1', ''), { access: owner.access });
    expect(second.body.results.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('/api/v1/projects/nda_templates/?limit=9&offset=0');
  });

  it('limit=-1 answers all of them in one page', async () => {
    const all = await list(owner, '?limit=-1');
    expect(all.body).toMatchObject({ count: 11, next: null, previous: null });
    expect(all.body.results).toHaveLength(11);
  });

  it('filters by name (?name= or ?search=), case-insensitive, wildcards taken literally', async () => {
    expect((await list(owner, '?name=paged%20TEMPLATE%201')).body.count).toBe(3); // 1, 10, 11
    expect((await list(owner, '?search=special')).body.results.map((r: { id: number }) => r.id)).toEqual([ids[4]]);
    expect((await list(owner, '?name=100%25_')).body.count).toBe(1);
    expect((await list(owner, '?name=%25')).body.count).toBe(1);
    expect((await list(owner, '?name=_')).body.count).toBe(1);
  });

  it('refuses a bad limit or offset with 400, never a 500', async () => {
    for (const q of [
      '?limit=0',
      '?limit=abc',
      '?limit=-2',
      '?limit=1.5',
      '?limit=1&limit=2',
      '?offset=-1',
      '?offset=x',
      '?projects=abc',
      '?projects=9999999999',
    ]) {
      const res = await list(owner, q);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('templates and the NDAs made from them', () => {
  it('?projects= keeps the templates a project’s NDAs were made from; projects lists them', async () => {
    const used = await newTemplate(c.owner, 'Used in Falcon');
    const unused = await newTemplate(c.owner, 'Not used');
    const project = await insertProject(t, c.owner, 'Falcon');
    const nda = await postNda(t, c.owner, { project, name: 'Falcon NDA', template: used.id });
    expect(nda.status, JSON.stringify(nda.body)).toBe(201);
    const filtered = await list(c.owner, `?projects=${project}&limit=-1`);
    expect(filtered.body.results.map((r: { id: number }) => r.id)).toEqual([used.id]);
    expect((await one(c.owner, used.id)).body.projects).toEqual([project]);
    expect((await one(c.owner, unused.id)).body.projects).toEqual([]);
    // A team member not on the project neither sees it in `projects` nor filters by it.
    expect((await one(c.outsider, used.id)).body.projects).toEqual([]);
    expect((await list(c.outsider, `?projects=${project}`)).body.count).toBe(0);
  });

  it('DELETE answers 204; NDAs made from the template keep their own copy of the file', async () => {
    const template = await newTemplate(c.owner, 'Short-lived', 'pdfs/with_annots.pdf');
    const project = await insertProject(t, c.owner, 'Heron');
    const nda = await postNda(t, c.owner, { project, name: 'Heron NDA', template: template.id });
    expect(nda.body.template).toBe(template.id);
    const res = await remove(c.owner, template.id);
    expect(res.status).toBe(204);
    expect((await one(c.owner, template.id)).status).toBe(404);
    expect((await one(c.owner, template.id, 'get_nda_template_pdf/')).status).toBe(404);
    const after = await call(t, 'GET', `/projects/nda/${nda.body.id}/`, { access: c.owner.access });
    expect(after.body.template).toBeNull();
    const pdf = await call(t, 'GET', `/projects/nda/${nda.body.id}/get_nda_pdf/`, { access: c.owner.access });
    expect(pdf.status).toBe(200);
    expect(Buffer.compare(pdf.raw, await cleanCopy(fixture('pdfs/with_annots.pdf')))).toBe(0);
  });
});

describe('PATCH name', () => {
  it('renames; an empty name is refused with the spec’s message', async () => {
    const template = await newTemplate(c.owner, 'Old title');
    const res = await rename(c.owner, template.id, { name: '  New title  ' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('New title');
    const empty = await rename(c.owner, template.id, { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: [TEMPLATE_MESSAGES.name], code: 'invalid_input' });
    expect((await rename(c.owner, template.id, {})).status).toBe(400);
    const form = await call(t, 'PATCH', `/projects/nda_templates/${template.id}/`, {
      access: c.owner.access,
      form: [{ name: 'name', value: 'From a form' }],
    });
    expect(form.status).toBe(200);
    expect(form.body.name).toBe('From a form');
  });
});

describe('previews without poppler', () => {
  it('renderFirstPage answers null and logs the missing tool once', async () => {
    const warn = vi.fn();
    const log = { warn } as unknown as Parameters<typeof renderFirstPage>[1];
    expect(await renderFirstPage(fixture('pdfs/normal.pdf'), log, 'pdftoppm-not-installed')).toBeNull();
    expect(await renderFirstPage(fixture('pdfs/normal.pdf'), log, 'pdftoppm-not-installed')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a template without a preview answers 404 on get_preview and preview null', async () => {
    const template = await newTemplate(c.owner, 'No preview');
    await t.core.db.updateTable('ndaTemplates').set({ previewKey: null }).where('id', '=', template.id).execute();
    expect((await one(c.owner, template.id, 'get_preview/')).status).toBe(404);
    expect((await one(c.owner, template.id)).body.preview).toBeNull();
  });
});

describe('tRPC twins', () => {
  it('templates.list, get, rename and delete answer what REST answers', async () => {
    const template = await newTemplate(c.owner, 'Via tRPC');
    const headers = authHeader(c.owner.access);
    const listed = await trpcQuery(t, 'templates.list', { limit: -1 }, headers);
    expect(listed.data.results.some((r: { id: number }) => r.id === template.id)).toBe(true);
    expect((await trpcQuery(t, 'templates.get', { id: template.id }, headers)).data).toEqual(template);
    const renamed = await trpcMutation(t, 'templates.rename', { id: template.id, name: 'Renamed via tRPC' }, headers);
    expect(renamed.data.name).toBe('Renamed via tRPC');
    const bad = await trpcMutation(t, 'templates.rename', { id: template.id, name: '' }, headers);
    expect(bad.error?.data.httpStatus).toBe(400);
    expect(bad.error?.data.body).toEqual({ name: [TEMPLATE_MESSAGES.name], code: 'invalid_input' });
    const hidden = await trpcQuery(t, 'templates.get', { id: template.id }, authHeader(c.stranger.access));
    expect(hidden.error?.data.httpStatus).toBe(404);
    expect((await trpcMutation(t, 'templates.delete', { id: template.id }, headers)).data).toEqual({
      detail: 'Template deleted.',
    });
    expect((await trpcQuery(t, 'templates.get', { id: template.id }, headers)).error?.data.httpStatus).toBe(404);
  });
});
