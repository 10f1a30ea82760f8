import { canUpload } from '@shared/nda-lifecycle.js';
import { NDA_MESSAGES, type NdaCreateInput } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import { isUniqueViolation } from '@server/db/errors.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNdaTarget } from '@server/policies/nda.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishNdaCreated } from '@server/realtime/publishers/ndas.js';
import type { Upload } from './store-nda-document.js';
import { copyTemplatePlaybook } from '../playbooks/set-playbook.js';
import { copyTemplateFields } from './copy-signature-fields.js';
import { storeNdaDocument } from './store-nda-document.js';
import { syncInheritedNdas } from './sync-inherited-ndas.js';

/**
 * Adds the NDA of a project or of one of its groups, from a template (a copy of its file) or an uploaded
 * file. Only when that project or group has no NDA yet (canUpload); a new project NDA is also copied to
 * the groups that inherit it and have none.
 */
export async function createNda(
  core: Core,
  { actor, input, upload }: { actor: Actor; input: NdaCreateInput; upload: Upload | null },
) {
  const { project, branch } = await authorizeNdaTarget(
    core.db,
    actor,
    { project: input.project, projectBranch: input.projectBranch },
    'change',
  );
  if (input.template === undefined && !upload) throw AppError.nonField('nda_source_invalid', NDA_MESSAGES.source);
  const exists = AppError.nonField('nda_exists', branch ? NDA_MESSAGES.groupHasNda : NDA_MESSAGES.projectHasNda);
  let current = core.db
    .selectFrom('ndas')
    .select(['isSent', 'isRecalled', 'isSigned'])
    .where('projectId', '=', project.id);
  current = branch ? current.where('projectBranchId', '=', branch.id) : current.where('projectBranchId', 'is', null);
  if (!canUpload((await current.executeTakeFirst()) ?? null)) throw exists;

  const doc = await storeNdaDocument(core, { actor, project, template: input.template, upload });
  try {
    return await core.tx(async (tx) => {
      // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
      const row = await tx.db
        .insertInto('ndas')
        .values({ projectId: project.id, projectBranchId: branch?.id ?? null, name: input.name, ...doc })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((err) => {
          throw isUniqueViolation(err) ? exists : err;
        });
      if (row.templateId !== null) await copyTemplateFields(tx, { templateId: row.templateId, ndaId: row.id });
      if (row.templateId !== null && branch === null)
        await copyTemplatePlaybook(tx, { templateId: row.templateId, projectId: project.id });
      await syncInheritedNdas(core, tx, { projectNda: row, before: null });
      const dto = presentNda(row);
      publishNdaCreated(core, tx, { nda: dto });
      return dto;
    });
  } catch (err) {
    await core.blobs.delete(doc.fileKey).catch(() => undefined);
    throw err;
  }
}
