import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import { presentTemplate } from '@server/presenters/template.js';
import { templateProjects } from '@server/queries/templates/template-projects.js';

/** Renames a template of the actor's company. */
export async function renameTemplate(
  core: Core,
  { actor, templateId, input }: { actor: Actor; templateId: number; input: { name: string } },
) {
  await authorizeTemplate(core.db, actor, templateId);
  const row = await core.db
    .updateTable('ndaTemplates')
    .set({ name: input.name })
    .where('id', '=', templateId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  const projects = await templateProjects(core.db, { actor, templateIds: [row.id] });
  return presentTemplate(row, projects.get(row.id) ?? []);
}
