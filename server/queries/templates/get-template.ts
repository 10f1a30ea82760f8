import type { Core } from '../../core.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeTemplate } from '../../policies/nda.js';
import { presentTemplate, type TemplateDto } from '../../presenters/template.js';
import { templateProjects } from './template-projects.js';

export async function getTemplate(core: Core, actor: Actor, templateId: number): Promise<TemplateDto> {
  const row = await authorizeTemplate(core.db, actor, templateId);
  const projects = await templateProjects(core.db, actor, [row.id]);
  return presentTemplate(row, projects.get(row.id) ?? []);
}
