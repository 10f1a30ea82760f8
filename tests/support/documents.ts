import { cleanPdf } from '@server/services/pdf-clean.js';
import type { TestApp } from './app.js';
import { call, fixture, type FormPart } from './account-area.js';
import { createMember, createOwner, createSigner, type TestUser } from './factories.js';

/**
 * Helpers for the documents tests (NDAs, templates, teaser and CIM). Projects, groups, signerships and
 * sending belong to another area: these tests write those rows straight into the database.
 */

export const PDF = 'application/pdf';

/** What the upload checks store for a PDF: its clean copy (services/pdf-clean.ts), to compare served bytes with. */
export async function cleanCopy(pdf: Buffer): Promise<Buffer> {
  const cleaned = await cleanPdf(pdf);
  if (!cleaned.ok) throw new Error(`the PDF is refused: ${cleaned.problem}`);
  return cleaned.body;
}

/** A file part read from tests/fixtures (e.g. 'pdfs/normal.pdf'), sent under another name if wanted. */
export function filePart(
  field: string,
  relative: string,
  filename = relative.split('/').pop()!,
  contentType = PDF,
): FormPart {
  return { name: field, file: { filename, contentType, body: fixture(relative) } };
}

/** A file part from bytes. */
export function bytesPart(field: string, body: Buffer, filename = 'document.pdf', contentType = PDF): FormPart {
  return { name: field, file: { filename, contentType, body } };
}

/** Text fields of a form, snake_case as the spec's client sends them. */
export function fields(values: Record<string, string | number | boolean>): FormPart[] {
  return Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
}

export async function insertProject(t: TestApp, owner: TestUser, name = 'Project Falcon'): Promise<number> {
  const row = await t.core.db
    .insertInto('projects')
    .values({ companyId: owner.user.company!, ownerId: owner.id, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addProjectMember(t: TestApp, projectId: number, userId: number): Promise<void> {
  await t.core.db.insertInto('projectMembers').values({ projectId, userId }).execute();
}

export async function insertBranch(
  t: TestApp,
  projectId: number,
  opts: { name?: string; sendTeaser?: boolean; inheritNdaFromProject?: boolean } = {},
): Promise<number> {
  // Database trigger project_branches_report_months (migration 2026_11_23_0050) counts the group in the reports.
  const row = await t.core.db
    .insertInto('projectBranches')
    .values({
      projectId,
      name: opts.name ?? 'Buyers',
      sendTeaser: opts.sendTeaser ?? false,
      inheritNdaFromProject: opts.inheritNdaFromProject ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addSignership(t: TestApp, branchId: number, userId: number): Promise<void> {
  await t.core.db.insertInto('signerships').values({ projectBranchId: branchId, userId }).execute();
}

/** What sending and signing (another area) will do to an NDA row. */
export async function setNdaState(
  t: TestApp,
  ndaId: number,
  state: { isSent?: boolean; isSigned?: boolean; isRecalled?: boolean },
): Promise<void> {
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  await t.core.db
    .updateTable('ndas')
    .set({
      ...state,
      ...(state.isSent ? { sentAt: new Date() } : {}),
      ...(state.isSigned ? { signedAt: new Date() } : {}),
    })
    .where('id', '=', ndaId)
    .execute();
}

export async function ndaRow(t: TestApp, id: number) {
  return t.core.db.selectFrom('ndas').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function eventsOf(t: TestApp, projectId: number) {
  return t.core.db.selectFrom('events').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(body: Buffer): { width: number; height: number } {
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** POST /projects/nda_templates/ with a name and a fixture file. */
export function postTemplate(t: TestApp, user: TestUser | null, name: string | null, file: FormPart | null) {
  const form: FormPart[] = [...(name === null ? [] : fields({ name })), ...(file ? [file] : [])];
  return call(t, 'POST', '/projects/nda_templates/', { access: user?.access ?? null, form });
}

/** POST /projects/nda/ as a multipart form. */
export function postNda(t: TestApp, user: TestUser | null, values: Record<string, string | number>, file?: FormPart) {
  return call(t, 'POST', '/projects/nda/', {
    access: user?.access ?? null,
    form: [...fields(values), ...(file ? [file] : [])],
  });
}

/**
 * The cast of the access tests: an owner and their company's team (one member on the project, one not),
 * a signer in group A and one in group B of the project, and the owner of another company.
 */
export interface Cast {
  owner: TestUser;
  member: TestUser;
  outsider: TestUser;
  signerA: TestUser;
  signerB: TestUser;
  stranger: TestUser;
}

export async function createCast(t: TestApp): Promise<Cast> {
  const [owner, stranger] = await Promise.all([
    createOwner(t, { company_name: 'Adviser Partners LLP' }),
    createOwner(t, { company_name: 'Rival Advisory Ltd' }),
  ]);
  const [member, outsider, signerA, signerB] = await Promise.all([
    createMember(t, owner),
    createMember(t, owner),
    createSigner(t, owner, 'Buyer A Capital'),
    createSigner(t, owner, 'Buyer B Holdings'),
  ]);
  return { owner, member, outsider, signerA, signerB, stranger };
}
