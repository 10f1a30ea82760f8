import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import { type PlaybookDto, presentPlaybook } from '@server/presenters/playbook.js';

/** Which playbook: a project's or a template's. */
export type PlaybookOwner = { projectId: number } | { templateId: number };

/**
 * Loads the owner of a playbook the actor may see: a project's, for its sending team (a recipient gets
 * 404, like anyone else); a template's, for its company's team.
 */
export async function authorizePlaybook(core: Core, actor: Actor, owner: PlaybookOwner): Promise<void> {
  if ('projectId' in owner) await authorizeSenderSide(core.db, actor, owner.projectId);
  else await authorizeTemplate(core.db, actor, owner.templateId);
}

/** The playbook's clauses, as they are stored. */
export async function readPlaybook(core: Core, owner: PlaybookOwner): Promise<PlaybookDto> {
  const rows = await core.db
    .selectFrom('playbookClauses')
    .selectAll()
    .$call((q) =>
      'projectId' in owner ? q.where('projectId', '=', owner.projectId) : q.where('templateId', '=', owner.templateId),
    )
    .execute();
  return presentPlaybook(rows);
}

/** GET /projects/projects/{id}/playbook/ and /projects/nda_templates/{id}/playbook/. */
export async function getPlaybook(
  core: Core,
  { actor, owner }: { actor: Actor; owner: PlaybookOwner },
): Promise<PlaybookDto> {
  await authorizePlaybook(core, actor, owner);
  return readPlaybook(core, owner);
}
