import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { managedProjectIds } from '@server/policies/nda.js';

/** For each template, the ids of the projects (among those the actor manages) whose NDAs were made from it. */
export async function templateProjects(
  db: Kysely<Database>,
  { actor, templateIds }: { actor: Actor; templateIds: number[] },
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!templateIds.length) return out;
  const rows = await db
    .selectFrom('ndas')
    .select(['ndas.templateId', 'ndas.projectId'])
    .distinct()
    .where('ndas.templateId', 'in', templateIds)
    .where('ndas.projectId', 'in', managedProjectIds(db, actor))
    .orderBy('ndas.projectId')
    .execute();
  for (const r of rows) {
    if (r.templateId === null) continue;
    const list = out.get(r.templateId) ?? [];
    list.push(r.projectId);
    out.set(r.templateId, list);
  }
  return out;
}
