import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import { presentTemplate, type TemplateDto } from '@server/presenters/template.js';
import { templateProjects } from './template-projects.js';

export async function getTemplate(
  core: Core,
  { actor, templateId }: { actor: Actor; templateId: number },
): Promise<TemplateDto> {
  const row = await authorizeTemplate(core.db, actor, templateId);
  const projects = await templateProjects(core.db, { actor, templateIds: [row.id] });
  return presentTemplate(row, projects.get(row.id) ?? []);
}
