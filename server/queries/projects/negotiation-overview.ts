import { groupClauses } from '@shared/clauses.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { can } from '@server/policies/negotiation.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import { AppError } from '@server/errors.js';
import { type NegotiationOverviewDto, type OverviewThreadDto } from '@server/presenters/negotiation-overview.js';
import { authorNames } from '@server/presenters/thread.js';

/**
 * Every thread of every group of the project, grouped by clause (shared/clauses.ts). The project's
 * sender side only: recipients see their own group's threads on its NDA page, never the other bidders'.
 */
export async function getNegotiationOverview(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<NegotiationOverviewDto> {
  const { project } = await authorizeSenderSide(core.db, actor, projectId);
  if (!can(actor, 'view_commentthread')) throw AppError.forbidden();
  const db = core.db;
  const ndas = await db
    .selectFrom('ndas')
    .select('id')
    .where('projectId', '=', project.id)
    .where('projectBranchId', 'is not', null)
    .orderBy('id')
    .execute();
  const threads = await db
    .selectFrom('commentThreads')
    .innerJoin('ndas', 'ndas.id', 'commentThreads.ndaId')
    .innerJoin('projectBranches', 'projectBranches.id', 'ndas.projectBranchId')
    .select([
      'commentThreads.id',
      'commentThreads.ndaId',
      'commentThreads.text',
      'commentThreads.quote',
      'commentThreads.negotiationStatus',
      'commentThreads.authorId',
      'commentThreads.createdAt',
      'projectBranches.id as branchId',
      'projectBranches.name as branchName',
    ])
    .where('ndas.projectId', '=', project.id)
    .orderBy('commentThreads.id')
    .execute();
  if (!threads.length) return { clauses: [], ndas: ndas.map((n) => n.id) };
  const ids = threads.map((t) => t.id);
  const [firstPointers, latestProposals, names] = await Promise.all([
    db
      .selectFrom('pointers')
      .select(['commentThreadId', 'page', 'x', 'y'])
      .distinctOn('commentThreadId')
      .where('commentThreadId', 'in', ids)
      .orderBy('commentThreadId')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('threadProposals')
      .select(['commentThreadId', 'text'])
      .distinctOn('commentThreadId')
      .where('commentThreadId', 'in', ids)
      .orderBy('commentThreadId')
      .orderBy('id', 'desc')
      .execute(),
    authorNames(
      db,
      threads.map((t) => t.authorId),
    ),
  ]);
  const pointerOf = new Map(firstPointers.map((p) => [p.commentThreadId, p]));
  const proposalOf = new Map(latestProposals.map((p) => [p.commentThreadId, p.text]));
  const rows = threads.map((t) => {
    // Every thread keeps at least one pointer; the top of page 1 only guards a row written otherwise.
    const anchor = pointerOf.get(t.id) ?? { page: 1, x: 0, y: 0 };
    const thread: OverviewThreadDto = {
      id: t.id,
      projectBranch: t.branchId,
      groupName: t.branchName,
      nda: t.ndaId,
      negotiationStatus: t.negotiationStatus,
      proposal: proposalOf.get(t.id) ?? null,
      text: t.text,
      quote: t.quote,
      author: (t.authorId && names.get(t.authorId)) || 'Deleted user',
      created: t.createdAt.toISOString(),
      page: anchor.page,
      x: anchor.x,
      y: anchor.y,
    };
    return { ...thread, anchor: { page: anchor.page, x: anchor.x, y: anchor.y } };
  });
  const clauses = groupClauses(rows).map((c) => ({
    ...c,
    threads: c.threads.map(({ anchor: _anchor, ...thread }) => thread),
  }));
  return { clauses, ndas: ndas.map((n) => n.id) };
}
