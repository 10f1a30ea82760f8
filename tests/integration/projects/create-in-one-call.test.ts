import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@shared/schemas/contacts.js';
import { GROUP_MESSAGES } from '@shared/schemas/groups.js';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { UPLOAD_MESSAGES } from '@shared/uploads.js';
import { projectsUsed } from '@server/queries/account/plan-usage.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { type FormPart, saveSignature } from '@tests/support/account-area.js';
import { fields, filePart, postTemplate } from '@tests/support/documents.js';
import { createOwner, type TestUser, uniqueEmail } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import { api, createProject, expectStatus, uploadProjectNda } from '@tests/support/projects.js';

// One call per user action: POST /projects/projects/ with the project NDA, and POST
// /projects/project_branches/ with typed recipients and the group's own NDA
// (commands/projects/create-project.ts, commands/groups/create-branch.ts, commands/ndas/store-new-nda.ts).

const CONVERSION_MS = 120_000;
let t: TestApp;
let owner: TestUser;
let templateId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t, { company_name: 'One Call Partners' });
  await saveSignature(t, owner);
  await t.core.db.updateTable('companies').set({ extraProjects: 50 }).where('id', '=', owner.user.company!).execute();
  const template = await postTemplate(t, owner, 'House NDA', filePart('file', 'ndas/mutual-nda.pdf'));
  expectStatus(template, 201);
  templateId = template.body.id;
});
afterAll(async () => {
  await t?.close();
});

/** Every file under the blob store, so a refused call can be shown to leave none behind. */
function blobFiles(): string[] {
  const root = path.join(t.config.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

async function count(table: 'projects' | 'ndas' | 'projectBranches' | 'signerGroups' | 'contacts'): Promise<number> {
  const row = await t.core.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a refused call must leave unchanged. */
async function snapshot() {
  return {
    projects: await count('projects'),
    ndas: await count('ndas'),
    branches: await count('projectBranches'),
    signerGroups: await count('signerGroups'),
    contacts: await count('contacts'),
    used: await projectsUsed(t.core.db, owner.user.company!),
    blobs: blobFiles(),
  };
}

const postProject = (form: FormPart[]) => api(t, 'POST', '/projects/projects/', owner, { form });
const projectNdas = (projectId: number) =>
  t.core.db.selectFrom('ndas').selectAll().where('projectId', '=', projectId).execute();

describe('POST /projects/projects/ with its NDA', () => {
  it('refuses an encrypted or a damaged NDA, or an unknown template, under the NDA field, and creates nothing', async () => {
    const before = await snapshot();
    const cases: Array<{ parts: FormPart[]; field: string; message: string }> = [
      {
        parts: [filePart('nda_file', 'pdfs/encrypted_new.pdf')],
        field: 'ndaFile',
        message: UPLOAD_MESSAGES.encrypted,
      },
      {
        parts: [filePart('nda_file', 'pdfs/missing_xref_trailer_dict.pdf')],
        field: 'ndaFile',
        message: UPLOAD_MESSAGES.damaged,
      },
      { parts: fields({ nda_template: 999999 }), field: 'ndaTemplate', message: NDA_MESSAGES.template },
      {
        parts: [filePart('nda_file', 'pdfs/normal.pdf', 'nda.txt', 'text/plain')].map((p) => ({
          ...p,
          file: { ...p.file!, body: Buffer.from('plain words, not a document') },
        })),
        field: 'ndaFile',
        message: UPLOAD_MESSAGES.wrongType,
      },
    ];
    for (const { parts, field, message } of cases) {
      // A teaser rides along: it is stored first and must be released too.
      const res = await postProject([
        ...fields({ name: 'Half a project', nda_name: 'Mutual NDA' }),
        filePart('teaser', 'pdfs/normal.pdf'),
        ...parts,
      ]);
      expectStatus(res, 400);
      expect(res.body).toEqual({
        [field]: [message],
        code: field === 'ndaTemplate' ? 'nda_source_invalid' : 'upload_invalid',
      });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('answers 413 under ndaFile for a PDF over 3 MB, creating nothing', async () => {
    const before = await snapshot();
    const big = Buffer.concat([fs.readFileSync(path.join('tests/fixtures/pdfs/normal.pdf')), Buffer.alloc(3_200_000)]);
    const res = await postProject([
      ...fields({ name: 'Too big', nda_name: 'Mutual NDA' }),
      { name: 'nda_file', file: { filename: 'big.pdf', contentType: 'application/pdf', body: big } },
    ]);
    expectStatus(res, 413);
    expect(res.body).toEqual({ ndaFile: [UPLOAD_MESSAGES.pdfTooLarge], code: 'payload_too_large' });
    expect(await snapshot()).toEqual(before);
  });

  it('needs a name with a source, a source with a name, and not two sources', async () => {
    const before = await snapshot();
    const noName = await postProject([...fields({ name: 'P' }), filePart('nda_file', 'pdfs/normal.pdf')]);
    expectStatus(noName, 400);
    expect(noName.body).toEqual({ ndaName: [NDA_MESSAGES.name], code: 'invalid_input' });
    const noSource = await postProject(fields({ name: 'P', nda_name: 'Mutual NDA' }));
    expect(noSource.body).toEqual({ ndaFile: [NDA_MESSAGES.source], code: 'nda_source_invalid' });
    const both = await postProject([
      ...fields({ name: 'P', nda_name: 'Mutual NDA', nda_template: templateId }),
      filePart('nda_file', 'pdfs/normal.pdf'),
    ]);
    expect(both.body).toEqual({ ndaFile: [NDA_MESSAGES.bothSources], code: 'nda_source_invalid' });
    const longName = await postProject(fields({ name: 'P', nda_name: 'x'.repeat(31), nda_template: templateId }));
    expect(Object.keys(longName.body)).toEqual(['ndaName', 'code']);
    expect(await snapshot()).toEqual(before);
  });

  it('creates the project and its NDA from a PDF in one call', async () => {
    const res = await postProject([
      ...fields({ name: 'With NDA', nda_name: 'Mutual NDA' }),
      filePart('nda_file', 'ndas/mutual-nda.pdf'),
      filePart('cim', 'pdfs/normal.pdf'),
    ]);
    expectStatus(res, 201);
    const ndas = await projectNdas(res.body.id);
    expect(ndas).toHaveLength(1);
    expect(ndas[0]).toMatchObject({ name: 'Mutual NDA', projectBranchId: null, templateId: null });
    const pdf = await api(t, 'GET', `/projects/nda/${ndas[0]!.id}/get_nda_pdf/`, owner);
    expectStatus(pdf, 200);
  });

  it('creates the project and its NDA from a template of the company, over REST and tRPC', async () => {
    const rest = await api(t, 'POST', '/projects/projects/', owner, {
      json: { name: 'From template', nda_name: 'House NDA', nda_template: templateId },
    });
    expectStatus(rest, 201);
    expect(await projectNdas(rest.body.id)).toMatchObject([{ name: 'House NDA', templateId }]);
    const trpc = await trpcMutation(
      t,
      'projects.create',
      { name: 'Via tRPC', ndaName: 'House NDA', ndaTemplate: templateId },
      authHeader(owner.access),
    );
    expect(trpc.status).toBe(200);
    expect(await projectNdas(trpc.data.id)).toMatchObject([{ name: 'House NDA', templateId }]);
  });

  it('refuses another company’s template under ndaTemplate', async () => {
    const other = await createOwner(t, { company_name: 'Elsewhere Ltd' });
    const theirs = await postTemplate(t, other, 'Their NDA', filePart('file', 'ndas/mutual-nda.pdf'));
    const before = await snapshot();
    const res = await api(t, 'POST', '/projects/projects/', owner, {
      json: { name: 'Borrowed', nda_name: 'Their NDA', nda_template: theirs.body.id },
    });
    expectStatus(res, 400);
    expect(res.body).toEqual({ ndaTemplate: [NDA_MESSAGES.template], code: 'nda_source_invalid' });
    expect(await snapshot()).toEqual(before);
  });

  it(
    'converts a DOCX NDA and creates the project with it',
    async () => {
      const res = await postProject([
        ...fields({ name: 'Docx NDA', nda_name: 'Mutual NDA (docx)' }),
        filePart('nda_file', 'ndas/mutual-nda.docx', 'mutual-nda.docx', 'application/octet-stream'),
      ]);
      expectStatus(res, 201);
      const [nda] = await projectNdas(res.body.id);
      expect(nda).toMatchObject({ name: 'Mutual NDA (docx)' });
      expect(nda!.pageCount).toBeGreaterThan(0);
    },
    CONVERSION_MS,
  );

  it('keeps the plan’s slot after a refused NDA: the last slot still creates the project', async () => {
    const small = await createOwner(t, { company_name: 'Two Slots Ltd' });
    await saveSignature(t, small);
    await createProject(t, small, { name: 'First' });
    const bad = await api(t, 'POST', '/projects/projects/', small, {
      form: [...fields({ name: 'Second', nda_name: 'Mutual NDA' }), filePart('nda_file', 'pdfs/encrypted_new.pdf')],
    });
    expectStatus(bad, 400);
    expect(await projectsUsed(t.core.db, small.user.company!)).toBe(1);
    const good = await api(t, 'POST', '/projects/projects/', small, {
      form: [...fields({ name: 'Second', nda_name: 'Mutual NDA' }), filePart('nda_file', 'pdfs/normal.pdf')],
    });
    expectStatus(good, 201);
  });
});

describe('POST /projects/project_branches/ with typed recipients', () => {
  let projectId: number;
  beforeAll(async () => {
    projectId = (await createProject(t, owner, { name: 'Recipients' })).id;
    await uploadProjectNda(t, owner, projectId);
  });

  const row = (prefix: string) => ({ first_name: 'Bella', last_name: 'Buyer', email: uniqueEmail(prefix) });
  const postGroup = (body: Record<string, unknown>) =>
    api(t, 'POST', '/projects/project_branches/', owner, {
      json: { name: 'Northwind', project: projectId, ...body },
    });

  it('creates the contacts, their contacts group, the group and its signerships in one call', async () => {
    const rows = [row('ann'), row('bob')];
    const res = await postGroup({ recipients: rows });
    expectStatus(res, 201);
    expect(res.body.signerGroups).toHaveLength(1);
    expect(res.body.signerships.map((s: { signer: { email: string } }) => s.signer.email).sort()).toEqual(
      rows.map((r) => r.email).sort(),
    );
    expect(res.body.nda).toBeTruthy(); // the project NDA, inherited
    const contacts = await t.core.db
      .selectFrom('contacts')
      .select('email')
      .where('companyId', '=', owner.user.company!)
      .where(
        'email',
        'in',
        rows.map((r) => r.email),
      )
      .execute();
    expect(contacts).toHaveLength(2);
  });

  it('refuses a bad row under recipients.<row>.<field> and creates nothing', async () => {
    const before = await snapshot();
    const cases: Array<{ rows: unknown[]; errors: Record<string, string[]> }> = [
      {
        rows: [row('ok'), { ...row('bad'), email: 'not-an-email' }],
        errors: { 'recipients.1.email': ['Invalid email format'] },
      },
      {
        rows: [row('ok'), { ...row('x'), first_name: ' ' }],
        errors: { 'recipients.1.firstName': ['First name is required'] },
      },
      {
        rows: [{ ...row('team'), email: owner.email }],
        errors: { 'recipients.0.email': [CONTACT_MESSAGES.teamMember] },
      },
      { rows: [], errors: { recipients: [GROUP_MESSAGES.selectRecipients] } },
    ];
    const dup = row('dup');
    cases.push({ rows: [dup, { ...dup }], errors: { 'recipients.1.email': [CONTACT_MESSAGES.alreadyAdded] } });
    for (const { rows, errors } of cases) {
      const res = await postGroup({ recipients: rows });
      expectStatus(res, 400);
      const teamMember = Object.values(errors).flat().includes(CONTACT_MESSAGES.teamMember);
      expect(res.body).toEqual({ ...errors, code: teamMember ? 'contact_is_team_member' : 'invalid_input' });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('takes the group’s own NDA in the same multipart call; a bad one creates nothing', async () => {
    const before = await snapshot();
    const base = fields({
      name: 'Own NDA',
      project: projectId,
      inherit_nda_from_project: false,
      nda_name: 'Side letter',
    });
    const recipients = { name: 'recipients', value: JSON.stringify([row('own')]) };
    const bad = await api(t, 'POST', '/projects/project_branches/', owner, {
      form: [...base, recipients, filePart('nda_file', 'pdfs/encrypted_new.pdf')],
    });
    expectStatus(bad, 400);
    expect(bad.body).toEqual({ ndaFile: [UPLOAD_MESSAGES.encrypted], code: 'upload_invalid' });
    expect(await snapshot()).toEqual(before);

    const good = await api(t, 'POST', '/projects/project_branches/', owner, {
      form: [...base, recipients, filePart('nda_file', 'pdfs/normal.pdf')],
    });
    expectStatus(good, 201);
    const ndas = await t.core.db.selectFrom('ndas').selectAll().where('projectBranchId', '=', good.body.id).execute();
    expect(ndas).toMatchObject([{ name: 'Side letter', templateId: null }]);
  });

  it('refuses an NDA for a group that inherits the project NDA, and a call with both recipient sources', async () => {
    const inherit = await postGroup({ recipients: [row('i')], nda_name: 'X', nda_template: templateId });
    expect(inherit.body).toEqual({ ndaFile: [GROUP_MESSAGES.ndaWithInherit], code: 'nda_source_invalid' });
    const both = await postGroup({ recipients: [row('b')], signer_groups: [1] });
    expect(both.body).toEqual({ recipients: [GROUP_MESSAGES.bothRecipientSources], code: 'invalid_input' });
    const none = await postGroup({});
    expect(none.body).toEqual({ signerGroups: [GROUP_MESSAGES.selectGroup], code: 'invalid_input' });
  });

  it('does the same over tRPC (groups.create)', async () => {
    const bad = await trpcMutation(
      t,
      'groups.create',
      { name: 'T', project: projectId, recipients: [{ firstName: 'A', lastName: 'B', email: 'nope' }] },
      authHeader(owner.access),
    );
    expect(bad.status).toBe(400);
    const good = await trpcMutation(
      t,
      'groups.create',
      {
        name: 'T',
        project: projectId,
        recipients: [{ firstName: 'A', lastName: 'B', email: uniqueEmail('trpc') }],
        inheritNdaFromProject: false,
        ndaName: 'House NDA',
        ndaTemplate: templateId,
      },
      authHeader(owner.access),
    );
    expect(good.status).toBe(200);
    expect(good.data.signerships).toHaveLength(1);
    const ndas = await t.core.db.selectFrom('ndas').selectAll().where('projectBranchId', '=', good.data.id).execute();
    expect(ndas).toMatchObject([{ name: 'House NDA', templateId }]);
  });
});
