import { type Kysely, sql } from 'kysely';
import { BILLING_MESSAGES, hasRoom } from '@shared/billing.js';
import { type ProjectCreateInput, PROJECT_MESSAGES } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import type { ProjectDto } from '@server/presenters/project.js';
import { projectsUsed } from '@server/queries/account/plan-usage.js';
import { companyLimits } from '@server/queries/billing/company-limits.js';
import { presentLoadedProject } from '@server/queries/projects/get-project.js';
import { reminderColumns } from '../timetable/timetable-columns.js';
import { recordEvent } from '../events/record-event.js';
import type { Upload } from '../ndas/store-nda-document.js';
import { insertNewNda, newNdaSource, storeNewNda } from '../ndas/store-new-nda.js';
import { type ProjectUploads, withProjectFiles } from './project-files.js';
import { setProjectMembers } from './set-project-members.js';

export interface CreateProjectOptions {
  actor: Actor;
  input: ProjectCreateInput;
  /** teaser, cim and the project NDA's file (ndaFile) of a form. */
  uploads?: ProjectUploads & { ndaFile?: Upload };
  ip?: string;
}

/**
 * Creates a project of the actor's company with its team (the creator and the chosen team members),
 * optionally its NDA (a file or a template, with ndaName), a teaser and a CIM, all in one transaction:
 * a bad file creates nothing. The company's plan limits how many projects it may create: the company row
 * is locked, so two creations at once cannot both take the last one. An account owner must have saved
 * the signature the company's NDAs are signed with first.
 */
export async function createProject(core: Core, options: CreateProjectOptions): Promise<ProjectDto> {
  const { actor, input, uploads = {}, ip } = options;
  const companyId = requireTeam(actor);
  if (actor.user.role === 'owner' && !actor.user.signKey)
    throw AppError.nonField('signature_required', PROJECT_MESSAGES.signatureFirst);
  const ndaSource = newNdaSource({ fields: input, upload: uploads.ndaFile });
  await assertProjectRoom(core.db, actor, companyId, false); // fail fast, before any file work
  // The id is taken first so the files can be stored under it before the transaction.
  const { rows } = await sql<{
    id: number;
  }>`select nextval(pg_get_serial_sequence('projects', 'id'))::int as id`.execute(core.db);
  const projectId = rows[0]!.id;

  await withProjectFiles(core, { projectId, uploads }, async (attachFiles) => {
    const nda = ndaSource && {
      name: ndaSource.name,
      doc: await storeNewNda(core, { actor, project: { id: projectId, companyId }, source: ndaSource }),
    };
    try {
      await core.tx(async (tx) => {
        await assertProjectRoom(tx.db, actor, companyId, true);

        const project = await tx.db
          .insertInto('projects')
          .values({
            id: projectId,
            companyId,
            ownerId: actor.user.id,
            name: input.name,
            summary: input.summary,
            ...signingSettings(input),
            ndaDeadline: input.ndaDeadline ?? null,
            ...reminderColumns(input.reminders),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordEvent(core, tx, { projectId, authorId: actor.user.id, status: 'new_project', ip });
        await setProjectMembers(core, tx, {
          project,
          memberIds: [actor.user.id, ...input.members],
          authorId: actor.user.id,
          ip,
        });
        await attachFiles(tx);
        if (nda) await insertNewNda(tx, { projectId, branchId: null, ...nda });
      });
    } catch (err) {
      if (nda) await core.blobs.delete(nda.doc.fileKey).catch(() => undefined);
      throw err;
    }
  });
  return presentLoadedProject(core, {
    actor,
    projectId,
    access: actor.user.role === 'owner' ? 'owner' : 'manager',
  });
}

/**
 * The plan's room for one more project (with `lock`, the company row is held until the transaction
 * ends). The owner is told how to get more; a team member, to ask the owner.
 */
async function assertProjectRoom(db: Kysely<Database>, actor: Actor, companyId: number, lock: boolean): Promise<void> {
  if (lock)
    await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
  const limits = await companyLimits(db, companyId);
  if (!hasRoom(limits.projectsAllowed, await projectsUsed(db, companyId)))
    throw AppError.nonField(
      'plan_limit_projects',
      actor.user.role === 'owner' ? PROJECT_MESSAGES.notEnoughCredits : BILLING_MESSAGES.askAdmin,
    );
}

/** The signing settings given with the new project; those left out take the table's defaults. */
function signingSettings(input: ProjectCreateInput) {
  const { disclosingPartyName, disclosingPartyAddress, signsAsAgent, countersignature, releaseDocumentsOn } = input;
  return Object.fromEntries(
    Object.entries({
      disclosingPartyName,
      disclosingPartyAddress,
      signsAsAgent,
      countersignature,
      releaseDocumentsOn,
    }).filter(([, v]) => v !== undefined),
  );
}
