import { ENGAGEMENT_FORMULA } from '@shared/engagement.js';
import type { ProjectEngagementDto } from '@shared/schemas/engagement.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import { groupEngagement } from './group-engagement.js';

/** Each group of a project with its bidders' engagement, oldest group first; for the sending team only (404 otherwise). */
export async function getProjectEngagement(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<ProjectEngagementDto> {
  await authorizeSenderSide(core.db, actor, projectId);
  const groups = await core.db
    .selectFrom('projectBranches')
    .select(['id', 'name'])
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();
  const figures = await groupEngagement(
    core.db,
    groups.map((g) => g.id),
  );
  return {
    formula: ENGAGEMENT_FORMULA,
    results: groups.map((g) => {
      const f = figures.get(g.id)!;
      return {
        projectBranch: g.id,
        name: g.name,
        lastSeen: f.lastSeen?.toISOString() ?? null,
        documentsOpened: f.documentsOpened,
        pagesRead: f.pagesRead,
        totalSeconds: f.totalSeconds,
        score: f.score,
      };
    }),
  };
}
