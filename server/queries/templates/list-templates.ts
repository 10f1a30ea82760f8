import type { TemplateListInput } from '@shared/schemas/templates.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplates, managedProjectIds } from '@server/policies/nda.js';
import { presentTemplate, type TemplateDto } from '@server/presenters/template.js';
import { templateProjects } from './template-projects.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The company's templates, newest first: filtered by name and by project (templates its NDAs were made from), one page. */
export async function listTemplates(
  core: Core,
  { actor, input }: { actor: Actor; input: TemplateListInput },
): Promise<{ count: number; results: TemplateDto[] }> {
  const companyId = authorizeTemplates(actor);
  let query = core.db.selectFrom('ndaTemplates').where('ndaTemplates.companyId', '=', companyId);
  const text = input.name ?? input.search;
  if (text) query = query.where('ndaTemplates.name', 'ilike', likePattern(text));
  if (input.projects !== undefined) {
    const projectId = input.projects;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ndas')
          .select('ndas.id')
          .whereRef('ndas.templateId', '=', 'ndaTemplates.id')
          .where('ndas.projectId', '=', projectId)
          .where('ndas.projectId', 'in', managedProjectIds(core.db, actor)),
      ),
    );
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let page = query
    .selectAll('ndaTemplates')
    .orderBy('ndaTemplates.createdAt', 'desc')
    .orderBy('ndaTemplates.id', 'desc')
    .offset(input.offset);
  if (input.limit !== -1) page = page.limit(input.limit);
  const rows = await page.execute();
  const projects = await templateProjects(core.db, { actor, templateIds: rows.map((r) => r.id) });
  return { count: Number(count), results: rows.map((r) => presentTemplate(r, projects.get(r.id) ?? [])) };
}
