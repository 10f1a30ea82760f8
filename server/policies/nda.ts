import { type Kysely, sql } from 'kysely';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Database, NdaRow, NdaTemplateRow, ProjectBranchRow, ProjectRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { authorizeProject, type ProjectAccess, signerBranchIds } from './project.js';

/**
 * Who may do what with NDAs and NDA templates.
 * - Managers of a project (the company owner, team members on the project) see and change all its NDAs.
 * - A signer sees the NDA of each of their groups once it has been sent, read-only (403 on changes);
 *   while it is recalled they may not read its PDF. The project NDA and other groups' NDAs are not there (404).
 * - Templates belong to a company: its owner and team members manage them; anyone else gets 404 for one
 *   template and 403 for the collection (signers hold no template permission).
 */
export type NdaAction = 'view' | 'read_file' | 'change';

export interface AuthorizedNda {
  nda: NdaRow;
  project: ProjectRow;
  access: ProjectAccess;
}

export async function authorizeNda(
  db: Kysely<Database>,
  actor: Actor,
  ndaId: number,
  action: NdaAction,
): Promise<AuthorizedNda> {
  const nda = await db.selectFrom('ndas').selectAll().where('id', '=', ndaId).executeTakeFirst();
  if (!nda) throw AppError.notFound();
  const { project, access } = await authorizeProject(db, actor, nda.projectId, 'view');
  if (access === 'signer') {
    const branches = await signerBranchIds(db, actor.user.id, project.id);
    if (nda.projectBranchId === null || !branches.includes(nda.projectBranchId) || !nda.isSent)
      throw AppError.notFound();
    if (action === 'change') throw AppError.forbidden('team_only', 'Recipients have a read-only view of the NDA.');
    if (action === 'read_file' && nda.isRecalled) throw AppError.forbidden('nda_recalled', NDA_MESSAGES.recalled);
  }
  return { nda, project, access };
}

export interface NdaTarget {
  project?: number;
  projectBranch?: number;
}

/** The project, or the group, an NDA belongs to (or is being created for). */
export async function authorizeNdaTarget(
  db: Kysely<Database>,
  actor: Actor,
  target: NdaTarget,
  action: 'view' | 'change',
) {
  let branch: ProjectBranchRow | null = null;
  let projectId = target.project;
  if (target.projectBranch !== undefined) {
    branch =
      (await db.selectFrom('projectBranches').selectAll().where('id', '=', target.projectBranch).executeTakeFirst()) ??
      null;
    if (!branch) throw AppError.notFound();
    projectId = branch.projectId;
  }
  if (projectId === undefined) throw AppError.notFound();
  const { project, access } = await authorizeProject(db, actor, projectId, 'view');
  if (access === 'signer') {
    if (branch && !(await signerBranchIds(db, actor.user.id, project.id)).includes(branch.id))
      throw AppError.notFound();
    if (action === 'change') throw AppError.forbidden('team_only', 'Recipients have a read-only view of the project.');
  }
  return { project, branch, access };
}

/** The projects an actor manages, as a subquery of ids (mirrors projectAccess for owners and team members). */
export function managedProjectIds(db: Kysely<Database>, actor: Actor) {
  const user = actor.user;
  const company = db
    .selectFrom('projects')
    .select('projects.id')
    .where('projects.companyId', '=', user.companyId ?? -1);
  if (user.role === 'owner') return company;
  if (user.role !== 'member') return company.where(sql<boolean>`false`);
  return company.where((eb) =>
    eb.or([
      eb('projects.ownerId', '=', user.id),
      eb.exists(
        eb
          .selectFrom('projectMembers')
          .select('projectMembers.userId')
          .whereRef('projectMembers.projectId', '=', 'projects.id')
          .where('projectMembers.userId', '=', user.id),
      ),
    ]),
  );
}

/** The groups in which the actor is a recipient, as a subquery of ids. */
export function signerBranchIdsQuery(db: Kysely<Database>, actor: Actor) {
  return db
    .selectFrom('signerships')
    .select('signerships.projectBranchId')
    .where('signerships.userId', '=', actor.user.id);
}

/** The company whose templates the actor manages; signers and users without a company hold no template permission. */
export function authorizeTemplates(actor: Actor): number {
  const { role, companyId } = actor.user;
  if ((role !== 'owner' && role !== 'member') || companyId === null)
    throw AppError.forbidden('team_only', 'Only the account owner and team members manage NDA templates.');
  return companyId;
}

/** One template of the actor's company, or 404. */
export async function authorizeTemplate(
  db: Kysely<Database>,
  actor: Actor,
  templateId: number,
): Promise<NdaTemplateRow> {
  const { role, companyId } = actor.user;
  if ((role !== 'owner' && role !== 'member') || companyId === null) throw AppError.notFound();
  const row = await db
    .selectFrom('ndaTemplates')
    .selectAll()
    .where('id', '=', templateId)
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** The project files of the old contract: each is a deal document of that kind (policies/deal-documents.ts). */
export type ProjectFileKind = 'teaser' | 'cim';
