import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProjectFile } from '@server/commands/project-files/set-project-file.js';
import type { ProjectFileKind } from '@server/policies/nda.js';
import { authenticate } from '@server/queries/auth/authenticate.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture } from '@tests/support/account-area.js';
import {
  addProjectMember,
  addSignership,
  type Cast,
  createCast,
  filePart,
  insertBranch,
  insertProject,
  postNda,
  setNdaState,
  cleanCopy,
} from '@tests/support/documents.js';
import type { TestUser } from '@tests/support/factories.js';
import { pdfPagesText } from '@tests/support/pdf-tools.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Teaser and CIM: setProjectFile (server/commands/project-files/set-project-file.ts, called by PATCH
// /projects/projects/{id}/ of the projects area) and GET /projects/projects/{id}/get_teaser_pdf/ and
// get_cim_pdf/ (server/rest/project-files.ts, queries/project-files/read-project-file.ts, policies/nda.ts authorizeProjectFile).

let t: TestApp;
let c: Cast;
let project: number;
let ndaA: number;
let ndaB: number;

const read = (user: TestUser | null, kind: ProjectFileKind, id = project) =>
  call(t, 'GET', `/projects/projects/${id}/get_${kind}_pdf/`, { access: user?.access ?? null });
async function upload(user: TestUser, kind: ProjectFileKind, relative: string, filename: string, id = project) {
  const actor = await authenticate(t.core, user.access);
  return setProjectFile(t.core, {
    actor,
    projectId: id,
    kind,
    upload: { body: fixture(relative), tooLarge: false, filename },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  c = await createCast(t);
  project = await insertProject(t, c.owner, 'Project Kestrel');
  await addProjectMember(t, project, c.member.id);
  const branchA = await insertBranch(t, project, { name: 'Teaser group', sendTeaser: true });
  const branchB = await insertBranch(t, project, { name: 'No teaser group', sendTeaser: false });
  await addSignership(t, branchA, c.signerA.id);
  await addSignership(t, branchB, c.signerB.id);
  ndaA = (await postNda(t, c.owner, { project_branch: branchA, name: 'A' }, filePart('file', 'pdfs/normal.pdf'))).body
    .id;
  ndaB = (await postNda(t, c.owner, { project_branch: branchB, name: 'B' }, filePart('file', 'pdfs/normal.pdf'))).body
    .id;
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

describe('setting the teaser and the CIM', () => {
  it('the owner and a team member on the project set them; the download keeps the uploaded name', async () => {
    const row = await upload(c.owner, 'teaser', 'pdfs/with_annots.pdf', 'Kestrel teaser.pdf');
    expect(row.teaserName).toBe('Kestrel teaser.pdf');
    await upload(c.member, 'cim', 'pdfs/us_constitution.pdf', 'C:\\deals\\Kestrel CIM.PDF');
    const teaser = await read(c.owner, 'teaser');
    expect(teaser.status).toBe(200);
    expect(teaser.headers['content-type']).toBe('application/pdf');
    expect(teaser.headers['content-disposition']).toBe('attachment; filename="Kestrel teaser.pdf"');
    expect(Buffer.compare(teaser.raw, await cleanCopy(fixture('pdfs/with_annots.pdf')))).toBe(0);
    const cim = await read(c.member, 'cim');
    expect(cim.headers['content-disposition']).toBe('attachment; filename="Kestrel CIM.pdf"');
    expect(Buffer.compare(cim.raw, await cleanCopy(fixture('pdfs/us_constitution.pdf')))).toBe(0);
  });

  it('a new teaser replaces the old file, which is removed', async () => {
    const before = await t.core.db
      .selectFrom('projects')
      .select('teaserKey')
      .where('id', '=', project)
      .executeTakeFirstOrThrow();
    await upload(c.owner, 'teaser', 'pdfs/with_signature.pdf', 'teaser-v2.pdf');
    expect(await t.core.blobs.get(before.teaserKey!)).toBeNull();
    expect(
      Buffer.compare((await read(c.owner, 'teaser')).raw, await cleanCopy(fixture('pdfs/with_signature.pdf'))),
    ).toBe(0);
  });

  it('signers may not set them (403); others do not see the project (404)', async () => {
    await setNdaState(t, ndaA, { isSent: true });
    await expect(upload(c.signerA, 'teaser', 'pdfs/normal.pdf', 'x.pdf')).rejects.toMatchObject({ status: 403 });
    await expect(upload(c.outsider, 'teaser', 'pdfs/normal.pdf', 'x.pdf')).rejects.toMatchObject({ status: 404 });
    await expect(upload(c.stranger, 'cim', 'pdfs/normal.pdf', 'x.pdf')).rejects.toMatchObject({ status: 404 });
    await setNdaState(t, ndaA, { isSent: false });
  });
});

describe('who may read them', () => {
  it('managers always; a team member not on the project and other companies: 404; anonymous: 401', async () => {
    for (const user of [c.owner, c.member]) {
      expect((await read(user, 'teaser')).status).toBe(200);
      expect((await read(user, 'cim')).status).toBe(200);
    }
    for (const user of [c.outsider, c.stranger]) {
      expect((await read(user, 'teaser')).status).toBe(404);
      expect((await read(user, 'cim')).status).toBe(404);
    }
    expect((await read(null, 'teaser')).status).toBe(401);
    expect((await read(null, 'cim')).status).toBe(401);
  });

  it('before their NDA is sent, signers see neither', async () => {
    for (const user of [c.signerA, c.signerB]) {
      expect((await read(user, 'teaser')).status).toBe(404);
      expect((await read(user, 'cim')).status).toBe(404);
    }
  });

  it('once sent: the teaser only to a group with sendTeaser; the CIM to nobody yet', async () => {
    await setNdaState(t, ndaA, { isSent: true });
    await setNdaState(t, ndaB, { isSent: true });
    expect((await read(c.signerA, 'teaser')).status).toBe(200);
    expect((await read(c.signerB, 'teaser')).status).toBe(404);
    expect((await read(c.signerA, 'cim')).status).toBe(404);
    expect((await read(c.signerB, 'cim')).status).toBe(404);
  });

  it('once a group’s NDA is signed, its signer sees the CIM; the other group still does not', async () => {
    await setNdaState(t, ndaA, { isSigned: true });
    const cim = await read(c.signerA, 'cim');
    expect(cim.status).toBe(200);
    // Their own copy, stamped on every page (tests/integration/deal-documents/watermarks.test.ts).
    const pages = pdfPagesText(cim.raw);
    expect(pages).toHaveLength(19);
    for (const text of pages) expect(text).toContain(c.signerA.email);
    expect((await read(c.signerB, 'cim')).status).toBe(404);
  });

  it('a project without a teaser or CIM answers 404, as does an unknown or malformed id', async () => {
    const bare = await insertProject(t, c.owner, 'Bare');
    expect((await read(c.owner, 'teaser', bare)).status).toBe(404);
    expect((await read(c.owner, 'cim', bare)).status).toBe(404);
    expect((await call(t, 'GET', '/projects/projects/999999/get_cim_pdf/', { access: c.owner.access })).status).toBe(
      404,
    );
    expect((await call(t, 'GET', '/projects/projects/abc/get_teaser_pdf/', { access: c.owner.access })).status).toBe(
      404,
    );
  });
});
