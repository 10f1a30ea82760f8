import type { NdaListInput } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNdaTarget, managedProjectIds, signerBranchIdsQuery } from '@server/policies/nda.js';
import { type NdaDto, presentNda } from '@server/presenters/nda.js';

/**
 * NDAs the actor may see, oldest first: those of the projects they manage, and, for a signer, the sent NDA
 * of each of their groups. ?project= keeps one project's NDAs (its own and its groups'), ?project_branch= one group's.
 */
export async function listNdas(
  core: Core,
  { actor, input }: { actor: Actor; input: NdaListInput },
): Promise<{ count: number; results: NdaDto[] }> {
  const db = core.db;
  let query = db
    .selectFrom('ndas')
    .where((eb) =>
      eb.or([
        eb('ndas.projectId', 'in', managedProjectIds(db, actor)),
        eb.and([eb('ndas.isSent', '=', true), eb('ndas.projectBranchId', 'in', signerBranchIdsQuery(db, actor))]),
      ]),
    );
  if (input.project !== undefined || input.projectBranch !== undefined) {
    // A project or group the actor may not see is not there (404), as everywhere.
    const { project, branch } = await authorizeNdaTarget(
      db,
      actor,
      { project: input.project, projectBranch: input.projectBranch },
      'view',
    );
    query = query.where('ndas.projectId', '=', project.id);
    if (input.project !== undefined) query = query.where('ndas.projectId', '=', input.project);
    if (branch) query = query.where('ndas.projectBranchId', '=', branch.id);
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let page = query.selectAll('ndas').orderBy('ndas.id').offset(input.offset);
  if (input.limit !== -1) page = page.limit(input.limit);
  const rows = await page.execute();
  return { count: Number(count), results: rows.map(presentNda) };
}
