import type { PlaybookInput } from '@shared/schemas/playbook.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import type { PlaybookDto } from '@server/presenters/playbook.js';
import { authorizePlaybook, type PlaybookOwner, readPlaybook } from '@server/queries/playbooks/get-playbook.js';

function ownerWhere(owner: PlaybookOwner) {
  return 'projectId' in owner
    ? { column: 'projectId' as const, id: owner.projectId }
    : { column: 'templateId' as const, id: owner.templateId };
}

/** Writes a playbook's clauses in place of its old ones, inside the caller's transaction. */
export async function writePlaybook(tx: Tx, owner: PlaybookOwner, clauses: PlaybookInput['clauses']): Promise<void> {
  const { column, id } = ownerWhere(owner);
  await tx.db.deleteFrom('playbookClauses').where(column, '=', id).execute();
  if (!clauses.length) return;
  await tx.db
    .insertInto('playbookClauses')
    .values(
      clauses.map((c, position) => ({
        projectId: column === 'projectId' ? id : null,
        templateId: column === 'templateId' ? id : null,
        clauseKey: c.key,
        position,
        preferred: c.preferred,
        fallbacks: JSON.stringify(c.fallbacks),
        walkAway: c.walkAway,
        guidance: c.guidance,
      })),
    )
    .execute();
}

/**
 * PUT /projects/projects/{id}/playbook/ and /projects/nda_templates/{id}/playbook/: replaces the playbook
 * (an empty list clears it). The sending team's own: nothing is sent to a recipient, no event is recorded.
 */
export async function setPlaybook(
  core: Core,
  { actor, owner, input }: { actor: Actor; owner: PlaybookOwner; input: PlaybookInput },
): Promise<PlaybookDto> {
  await authorizePlaybook(core, actor, owner);
  await core.tx(async (tx) => {
    // One writer at a time per owner: the owner's row is locked for the replacement.
    const { column, id } = ownerWhere(owner);
    if (column === 'projectId')
      await tx.db.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute();
    else await tx.db.selectFrom('ndaTemplates').select('id').where('id', '=', id).forUpdate().execute();
    await writePlaybook(tx, owner, input.clauses);
  });
  return readPlaybook(core, owner);
}

/** A new project NDA made from a template takes the template's playbook, unless the project has one. */
export async function copyTemplatePlaybook(
  tx: Tx,
  { templateId, projectId }: { templateId: number; projectId: number },
) {
  const existing = await tx.db
    .selectFrom('playbookClauses')
    .select('id')
    .where('projectId', '=', projectId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await copyRows(tx, templateId, projectId);
}

async function copyRows(tx: Tx, templateId: number, projectId: number) {
  const rows = await tx.db
    .selectFrom('playbookClauses')
    .selectAll()
    .where('templateId', '=', templateId)
    .orderBy('position')
    .execute();
  if (!rows.length) return;
  await tx.db
    .insertInto('playbookClauses')
    .values(
      rows.map((r) => ({
        projectId,
        templateId: null,
        clauseKey: r.clauseKey,
        position: r.position,
        preferred: r.preferred,
        fallbacks: JSON.stringify(r.fallbacks),
        walkAway: r.walkAway,
        guidance: r.guidance,
      })),
    )
    .execute();
}
