import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { copyProjectNdaToBranch } from '@server/commands/ndas/copy-project-nda.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture } from '@tests/support/account-area.js';
import {
  addProjectMember,
  addSignership,
  type Cast,
  createCast,
  eventsOf,
  fields,
  filePart,
  insertBranch,
  insertProject,
  ndaRow,
  postNda,
  postTemplate,
  setNdaState,
} from '@tests/support/documents.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { SETUP_MS } from '@tests/support/wait.js';

// NDAs: /projects/nda/ (server/rest/ndas.ts, commands/ndas/*, queries/ndas/*, policies/nda.ts authorizeNda,
// presenters/nda.ts, shared/nda-lifecycle.ts) and the tRPC twins ndas.*; copyProjectNdaToBranch for groups.

const DTO_KEYS = [
  'created',
  'file',
  'id',
  'isRecalled',
  'isSent',
  'isSigned',
  'name',
  'pageCount',
  'project',
  'projectBranch',
  'recipientSignedAt',
  'sealPending',
  'signedAt',
  'signedBy',
  'template',
];

let t: TestApp;
let c: Cast;
let project: number;
let branchA: number;
let branchB: number;
let templateId: number;
let projectNda: number;
let ndaA: number;
let ndaB: number;

const get = (user: TestUser | null, path: string) => call(t, 'GET', path, { access: user?.access ?? null });
const patch = (user: TestUser | null, id: number, json: unknown) =>
  call(t, 'PATCH', `/projects/nda/${id}/`, { access: user?.access ?? null, json });
const patchForm = (
  user: TestUser | null,
  id: number,
  form: Parameters<typeof fields>[0],
  file?: ReturnType<typeof filePart>,
) =>
  call(t, 'PATCH', `/projects/nda/${id}/`, {
    access: user?.access ?? null,
    form: [...fields(form), ...(file ? [file] : [])],
  });
const del = (user: TestUser | null, id: number) =>
  call(t, 'DELETE', `/projects/nda/${id}/`, { access: user?.access ?? null });
const ids = (res: { body: { results: Array<{ id: number }> } }) => res.body.results.map((r) => r.id);

beforeAll(async () => {
  t = await startTestApp();
  c = await createCast(t);
  project = await insertProject(t, c.owner, 'Project Osprey');
  await addProjectMember(t, project, c.member.id);
  branchA = await insertBranch(t, project, { name: 'Group A' });
  branchB = await insertBranch(t, project, { name: 'Group B' });
  await addSignership(t, branchA, c.signerA.id);
  await addSignership(t, branchB, c.signerB.id);
  const template = await postTemplate(t, c.owner, 'House NDA', filePart('file', 'ndas/mutual-nda.pdf'));
  templateId = template.body.id;
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

describe('POST /projects/nda/', () => {
  it('the owner uploads the project NDA: the spec’s NDA, not sent', async () => {
    const res = await postNda(t, c.owner, { project, name: 'Osprey NDA' }, filePart('file', 'pdfs/normal.pdf'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(DTO_KEYS);
    expect(res.body).toMatchObject({
      name: 'Osprey NDA',
      project,
      projectBranch: null,
      template: null,
      pageCount: 2,
      isSent: false,
      isSigned: false,
      isRecalled: false,
    });
    expect(res.body.file).toMatch(new RegExp(`^/api/v1/projects/nda/${res.body.id}/get_nda_pdf/\\?v=[0-9a-f]{12}$`));
    projectNda = res.body.id;
    const pdf = await get(c.owner, res.body.file.replace('/api/v1', ''));
    expect(pdf.status).toBe(200);
    expect(Buffer.compare(pdf.raw, fixture('pdfs/normal.pdf'))).toBe(0);
  });

  it('a team member on the project makes group A’s NDA from a template: a copy of its own file', async () => {
    const res = await postNda(t, c.member, { project_branch: branchA, name: 'Group A NDA', template: templateId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ project, projectBranch: branchA, template: templateId, pageCount: 4 });
    ndaA = res.body.id;
    const row = await ndaRow(t, ndaA);
    const template = await t.core.db
      .selectFrom('ndaTemplates')
      .select('fileKey')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    expect(row!.fileKey).not.toBe(template.fileKey);
    expect(Buffer.compare((await t.core.blobs.get(row!.fileKey))!.body, fixture('ndas/mutual-nda.pdf'))).toBe(0);
  });

  it('JSON works too when the NDA comes from a template', async () => {
    // Ids as JSON strings are read as numbers, as DRF clients send them.
    const res = await call(t, 'POST', '/projects/nda/', {
      access: c.owner.access,
      json: { project_branch: String(branchB), name: 'Group B NDA', template: templateId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ndaB = res.body.id;
  });

  it('upload only when no NDA exists for that project or group (400 nonFieldErrors)', async () => {
    const again = await postNda(t, c.owner, { project, name: 'Second' }, filePart('file', 'pdfs/normal.pdf'));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.projectHasNda], code: 'nda_exists' });
    const group = await postNda(t, c.owner, { project_branch: branchA, name: 'Second', template: templateId });
    expect(group.status).toBe(400);
    expect(group.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.groupHasNda], code: 'nda_exists' });
  });

  it('validates the target and the source', async () => {
    const both = await postNda(t, c.owner, { project, project_branch: branchA, name: 'X', template: templateId });
    expect(both.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.bothTargets], code: 'invalid_input' });
    const none = await postNda(t, c.owner, { name: 'X', template: templateId });
    expect(none.body).toEqual({ project: [NDA_MESSAGES.target], code: 'invalid_input' });
    const other = await insertProject(t, c.owner, 'Sources');
    const twoSources = await postNda(
      t,
      c.owner,
      { project: other, name: 'X', template: templateId },
      filePart('file', 'pdfs/normal.pdf'),
    );
    expect(twoSources.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.bothSources], code: 'nda_source_invalid' });
    const foreign = await postTemplate(t, c.stranger, 'Rival template', filePart('file', 'pdfs/with_signature.pdf'));
    const foreignTemplate = await postNda(t, c.owner, { project: other, name: 'X', template: foreign.body.id });
    expect(foreignTemplate.status).toBe(400);
    expect(foreignTemplate.body).toEqual({ template: [NDA_MESSAGES.template], code: 'nda_source_invalid' });
    const badId = await postNda(t, c.owner, { project: 'abc', name: 'X', template: templateId });
    expect(badId.status).toBe(400);
    expect(badId.body.project).toHaveLength(1);
  });
});

describe('who may see an NDA', () => {
  it('before sending, signers see nothing (404) and managers everything', async () => {
    for (const user of [c.owner, c.member]) {
      expect((await get(user, `/projects/nda/${ndaA}/`)).status).toBe(200);
      expect((await get(user, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(200);
    }
    expect((await get(c.signerA, `/projects/nda/${ndaA}/`)).status).toBe(404);
    expect((await get(c.signerA, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(404);
    expect((await get(c.signerA, '/projects/nda/')).body.count).toBe(0);
  });

  it('a team member not on the project, another company: 404 on everything; anonymous: 401', async () => {
    for (const user of [c.outsider, c.stranger]) {
      expect((await get(user, `/projects/nda/${ndaA}/`)).status).toBe(404);
      expect((await get(user, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(404);
      expect((await get(user, `/projects/nda/?project=${project}`)).status).toBe(404);
      expect((await get(user, `/projects/nda/?project_branch=${branchA}`)).status).toBe(404);
      expect((await get(user, '/projects/nda/')).body.count).toBe(0);
      expect((await patch(user, ndaA, { name: 'Hijack' })).status).toBe(404);
      expect((await patch(user, ndaA, { is_recalled: true })).status).toBe(404);
      expect((await del(user, ndaA)).status).toBe(404);
      expect((await postNda(t, user, { project_branch: branchA, name: 'X', template: templateId })).status).toBe(404);
    }
    expect((await get(null, `/projects/nda/${ndaA}/`)).status).toBe(401);
    expect((await get(null, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(401);
    expect((await get(null, '/projects/nda/')).status).toBe(401);
    expect((await patch(null, ndaA, { name: 'x' })).status).toBe(401);
    expect((await del(null, ndaA)).status).toBe(401);
    expect((await postNda(t, null, { project, name: 'x', template: templateId })).status).toBe(401);
  });

  it('once sent, the signer of the group reads it and its PDF, read-only (403 on changes)', async () => {
    await setNdaState(t, ndaA, { isSent: true });
    await setNdaState(t, ndaB, { isSent: true });
    const res = await get(c.signerA, `/projects/nda/${ndaA}/`);
    expect(res.status).toBe(200);
    expect(res.body.isSent).toBe(true);
    const pdf = await get(c.signerA, `/projects/nda/${ndaA}/get_nda_pdf/`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(ids(await get(c.signerA, '/projects/nda/'))).toEqual([ndaA]);
    expect(ids(await get(c.signerA, `/projects/nda/?project=${project}`))).toEqual([ndaA]);
    expect(ids(await get(c.signerA, `/projects/nda/?project_branch=${branchA}`))).toEqual([ndaA]);
    expect((await patch(c.signerA, ndaA, { name: 'Mine' })).status).toBe(403);
    expect((await patch(c.signerA, ndaA, { is_recalled: true })).status).toBe(403);
    expect((await patchForm(c.signerA, ndaA, {}, filePart('file', 'pdfs/normal.pdf'))).status).toBe(403);
    expect((await del(c.signerA, ndaA)).status).toBe(403);
    expect((await postNda(t, c.signerA, { project_branch: branchA, name: 'X', template: templateId })).status).toBe(
      403,
    );
    // The project NDA is the company's master copy: not the signer's to see.
    expect((await get(c.signerA, `/projects/nda/${projectNda}/`)).status).toBe(404);
  });

  it('the signer of another group: 404 on this group’s NDA', async () => {
    expect((await get(c.signerB, `/projects/nda/${ndaA}/`)).status).toBe(404);
    expect((await get(c.signerB, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(404);
    expect((await get(c.signerB, `/projects/nda/?project_branch=${branchA}`)).status).toBe(404);
    expect((await patch(c.signerB, ndaA, { is_recalled: true })).status).toBe(404);
    expect(ids(await get(c.signerB, `/projects/nda/?project=${project}`))).toEqual([ndaB]);
  });

  it('managers list every NDA of the project, paged on request', async () => {
    expect(ids(await get(c.owner, `/projects/nda/?project=${project}`))).toEqual([projectNda, ndaA, ndaB]);
    expect(ids(await get(c.member, `/projects/nda/?project_branch=${branchB}`))).toEqual([ndaB]);
    const page = await get(c.owner, `/projects/nda/?project=${project}&limit=2&offset=1`);
    expect(page.body).toMatchObject({
      count: 3,
      next: null,
      previous: `/api/v1/projects/nda/?project=${project}&limit=2&offset=0`,
    });
    expect(ids(page)).toEqual([ndaA, ndaB]);
    expect((await get(c.owner, '/projects/nda/?project=abc')).status).toBe(400);
    expect((await get(c.owner, '/projects/nda/?project=999999')).status).toBe(404);
    expect((await get(c.owner, '/projects/nda/9999999999/')).status).toBe(404);
    expect((await get(c.owner, '/projects/nda/9999999999/get_nda_pdf/')).status).toBe(404);
    expect((await get(c.owner, '/projects/nda/?project_branch=9999999999')).status).toBe(400);
  });
});

describe('the lifecycle of a sent group NDA', () => {
  it('a sent NDA can be renamed but its document not replaced; restore and delete need a recall first', async () => {
    const renamed = await patch(c.owner, ndaA, { name: 'Group A NDA v2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Group A NDA v2');
    const replace = await patchForm(c.owner, ndaA, {}, filePart('file', 'pdfs/normal.pdf'));
    expect(replace.status).toBe(400);
    expect(replace.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.replaceAfterSend], code: 'nda_sent' });
    expect((await patch(c.owner, ndaA, { template: templateId })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.replaceAfterSend],
      code: 'nda_sent',
    });
    expect((await del(c.owner, ndaA)).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.deleteNotRecalled],
      code: 'nda_not_recalled',
    });
    expect((await patch(c.owner, ndaA, { is_recalled: false })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.cannotRestore],
      code: 'nda_recall_refused',
    });
    expect((await patch(c.owner, ndaA, { name: '' })).body).toEqual({
      name: [NDA_MESSAGES.name],
      code: 'invalid_input',
    });
    expect((await patch(c.owner, ndaA, {})).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.nothingToChange],
      code: 'nothing_to_change',
    });
    expect((await patch(c.owner, ndaA, { is_recalled: 'maybe' })).status).toBe(400);
  });

  it('recall: isRecalled true writes nda_recalled; a second recall is refused', async () => {
    const res = await patch(c.member, ndaA, { is_recalled: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ isRecalled: true, isSent: true });
    const last = (await eventsOf(t, project)).at(-1)!;
    expect(last).toMatchObject({
      status: 'nda_recalled',
      ndaId: ndaA,
      projectBranchId: branchA,
      authorId: c.member.id,
    });
    expect((await patch(c.owner, ndaA, { is_recalled: true })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.cannotRecall],
      code: 'nda_recall_refused',
    });
  });

  it('while recalled, the signer sees the state but not the PDF (403); managers still read it', async () => {
    expect((await get(c.signerA, `/projects/nda/${ndaA}/`)).body.isRecalled).toBe(true);
    const pdf = await get(c.signerA, `/projects/nda/${ndaA}/get_nda_pdf/`);
    expect(pdf.status).toBe(403);
    expect(pdf.body).toEqual({ detail: NDA_MESSAGES.recalled, code: 'nda_recalled' });
    expect((await get(c.owner, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(200);
  });

  it('a recalled NDA given a new document (multipart, with a new name) is a new NDA, not sent; the old file is released', async () => {
    const before = await ndaRow(t, ndaA);
    expect((await patchForm(c.owner, ndaA, { is_recalled: false, name: 'X' })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.recallAlone],
      code: 'invalid_input',
    });
    const res = await patchForm(
      c.owner,
      ndaA,
      { name: 'Group A NDA v3', is_recalled: true },
      filePart('file', 'pdfs/with_cropbox.pdf'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Group A NDA v3',
      template: null,
      pageCount: 2,
      isRecalled: false,
      isSent: false,
      projectBranch: branchA,
    });
    expect(res.body.id).not.toBe(ndaA);
    expect(await ndaRow(t, ndaA)).toBeUndefined();
    ndaA = res.body.id;
    const pdf = await get(c.owner, res.body.file.replace('/api/v1', ''));
    expect(Buffer.compare(pdf.raw, fixture('pdfs/with_cropbox.pdf'))).toBe(0);
    expect(await t.core.blobs.get(before!.fileKey)).toBeNull();
  });

  it('the new NDA is sent like any other; recalled and restored, the signer reads it again (nda_restored)', async () => {
    expect((await get(c.signerA, `/projects/nda/${ndaA}/get_nda_pdf/`)).status).toBe(404);
    const sent = await call(t, 'POST', `/projects/dashboard/${branchA}/send_nda_to_all_signers/`, {
      access: c.owner.access,
      json: { project_branch: branchA, subject: 'Revised NDA', note: 'Here is the revised NDA.' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await patch(c.owner, ndaA, { is_recalled: true })).status).toBe(200);
    const res = await patch(c.owner, ndaA, { is_recalled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isRecalled: false, isSent: true });
    expect((await eventsOf(t, project)).at(-1)).toMatchObject({
      status: 'nda_restored',
      ndaId: ndaA,
      authorId: c.owner.id,
    });
    const pdf = await get(c.signerA, `/projects/nda/${ndaA}/get_nda_pdf/`);
    expect(Buffer.compare(pdf.raw, fixture('pdfs/with_cropbox.pdf'))).toBe(0);
  });

  it('delete: only when recalled (204), then it is gone and the group may get a new NDA', async () => {
    await patch(c.owner, ndaA, { is_recalled: true });
    const fileKey = (await ndaRow(t, ndaA))!.fileKey;
    const res = await del(c.owner, ndaA);
    expect(res.status).toBe(204);
    expect(await ndaRow(t, ndaA)).toBeUndefined();
    expect((await get(c.owner, `/projects/nda/${ndaA}/`)).status).toBe(404);
    expect(await t.core.blobs.get(fileKey)).toBeNull();
    // Without a sent NDA the signer has no view of the project any more.
    expect((await get(c.signerA, `/projects/nda/?project=${project}`)).status).toBe(404);
    const fresh = await postNda(t, c.owner, { project_branch: branchA, name: 'Group A NDA v4', template: templateId });
    expect(fresh.status).toBe(201);
    ndaA = fresh.body.id;
  });
});

describe('a signed NDA is final', () => {
  it('refuses recall, rename, a new document, restore and delete', async () => {
    await setNdaState(t, ndaB, { isSigned: true });
    expect((await patch(c.owner, ndaB, { is_recalled: true })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.cannotRecall],
      code: 'nda_recall_refused',
    });
    expect((await patch(c.owner, ndaB, { name: 'Renamed' })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.signedIsFinal],
      code: 'nda_signed',
    });
    expect((await patchForm(c.owner, ndaB, {}, filePart('file', 'pdfs/normal.pdf'))).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.signedIsFinal],
      code: 'nda_signed',
    });
    await setNdaState(t, ndaB, { isRecalled: true });
    expect((await patch(c.owner, ndaB, { is_recalled: false })).body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.cannotRestore],
      code: 'nda_recall_refused',
    });
    const res = await del(c.owner, ndaB);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.deleteSigned], code: 'nda_signed' });
    expect(await ndaRow(t, ndaB)).toBeDefined();
  });
});

describe('groups that inherit the project NDA', () => {
  let p: number;
  let early: number;
  let sentCopyBranch: number;
  it('a new project NDA is copied to inheriting groups without one (same file, no file work)', async () => {
    p = await insertProject(t, c.owner, 'Inheritance');
    early = await insertBranch(t, p, { name: 'Early', inheritNdaFromProject: true });
    sentCopyBranch = await insertBranch(t, p, { name: 'Sent early', inheritNdaFromProject: true });
    const own = await insertBranch(t, p, { name: 'Own NDA', inheritNdaFromProject: false });
    const res = await postNda(t, c.owner, { project: p, name: 'Master' }, filePart('file', 'pdfs/normal.pdf'));
    expect(res.status).toBe(201);
    const list = await get(c.owner, `/projects/nda/?project=${p}`);
    expect(
      list.body.results.map((n: { projectBranch: number | null; name: string }) => [n.projectBranch, n.name]),
    ).toEqual([
      [null, 'Master'],
      [early, 'Master'],
      [sentCopyBranch, 'Master'],
    ]);
    expect((await get(c.owner, `/projects/nda/?project_branch=${own}`)).body.count).toBe(0);
  });

  it('an edit of the project NDA reaches unsent, unchanged copies only; files are released when unused', async () => {
    const copies = (await get(c.owner, `/projects/nda/?project=${p}`)).body.results as Array<{
      id: number;
      projectBranch: number | null;
    }>;
    const master = copies.find((n) => n.projectBranch === null)!.id;
    const sentCopy = copies.find((n) => n.projectBranch === sentCopyBranch)!.id;
    await setNdaState(t, sentCopy, { isSent: true });
    const oldKey = (await ndaRow(t, master))!.fileKey;
    const res = await patchForm(
      c.owner,
      master,
      { name: 'Master v2' },
      filePart('file', 'pdfs/standard_fonts_demo.pdf'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await get(c.owner, `/projects/nda/?project=${p}`)).body.results as Array<{
      projectBranch: number | null;
      name: string;
      pageCount: number;
    }>;
    expect(after.map((n) => [n.projectBranch, n.name, n.pageCount])).toEqual([
      [null, 'Master v2', 5],
      [early, 'Master v2', 5],
      [sentCopyBranch, 'Master', 2],
    ]);
    // The sent copy still uses the old file: it stays; once that copy goes too, so does the file.
    expect(await t.core.blobs.get(oldKey)).not.toBeNull();
    await patch(c.owner, sentCopy, { is_recalled: true });
    expect((await del(c.owner, sentCopy)).status).toBe(204);
    expect(await t.core.blobs.get(oldKey)).toBeNull();
  });

  it('copyProjectNdaToBranch gives a group its copy once, or null without a project NDA', async () => {
    const late = await insertBranch(t, p, { name: 'Late', inheritNdaFromProject: true });
    const first = await t.core.tx((tx) => copyProjectNdaToBranch(t.core, tx, { projectId: p, branchId: late }));
    expect(first).toMatchObject({
      projectId: p,
      projectBranchId: late,
      name: 'Master v2',
      pageCount: 5,
      isSent: false,
    });
    const second = await t.core.tx((tx) => copyProjectNdaToBranch(t.core, tx, { projectId: p, branchId: late }));
    expect(second!.id).toBe(first!.id);
    const pdf = await get(c.owner, `/projects/nda/${first!.id}/get_nda_pdf/`);
    expect(Buffer.compare(pdf.raw, fixture('pdfs/standard_fonts_demo.pdf'))).toBe(0);
    const empty = await insertProject(t, c.owner, 'No NDA yet');
    const lonely = await insertBranch(t, empty, { inheritNdaFromProject: true });
    expect(
      await t.core.tx((tx) => copyProjectNdaToBranch(t.core, tx, { projectId: empty, branchId: lonely })),
    ).toBeNull();
    await expect(
      t.core.tx((tx) => copyProjectNdaToBranch(t.core, tx, { projectId: empty, branchId: late })),
    ).rejects.toMatchObject({ reason: 'not_found' });
  });
});

describe('tRPC twins', () => {
  it('ndas.createFromTemplate, get, list, update, recall, restore and delete', async () => {
    const headers = authHeader(c.owner.access);
    const p = await insertProject(t, c.owner, 'Via tRPC');
    const created = await trpcMutation(
      t,
      'ndas.createFromTemplate',
      { project: p, name: 'tRPC NDA', template: templateId },
      headers,
    );
    expect(created.data).toMatchObject({ project: p, template: templateId, pageCount: 4 });
    const id = created.data.id as number;
    expect((await trpcQuery(t, 'ndas.get', { id }, headers)).data).toEqual(created.data);
    expect((await trpcQuery(t, 'ndas.list', { project: p }, headers)).data).toEqual({
      count: 1,
      results: [created.data],
    });
    expect((await trpcMutation(t, 'ndas.update', { id, name: 'Renamed' }, headers)).data.name).toBe('Renamed');
    const long = await trpcMutation(t, 'ndas.update', { id, name: 'x'.repeat(31) }, headers);
    expect(long.error?.data.httpStatus).toBe(400);
    expect((await trpcMutation(t, 'ndas.delete', { id }, headers)).error?.data.body).toEqual({
      nonFieldErrors: [NDA_MESSAGES.deleteNotRecalled],
      code: 'nda_not_recalled',
    });
    expect((await trpcMutation(t, 'ndas.recall', { id }, headers)).data.isRecalled).toBe(true);
    expect((await trpcMutation(t, 'ndas.restore', { id }, headers)).data.isRecalled).toBe(false);
    await trpcMutation(t, 'ndas.recall', { id }, headers);
    expect((await trpcMutation(t, 'ndas.delete', { id }, headers)).data).toEqual({ detail: 'NDA deleted.' });
    const hidden = await trpcQuery(t, 'ndas.get', { id: projectNda }, authHeader(c.stranger.access));
    expect(hidden.error?.data.httpStatus).toBe(404);
    expect((await trpcQuery(t, 'ndas.get', { id: projectNda })).error?.data.httpStatus).toBe(401);
  });
});
