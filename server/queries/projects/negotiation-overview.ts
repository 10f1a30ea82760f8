import { attachClause, type ClauseRef } from '@shared/clause-attach.js';
import { clauseConsistency, uniqueAgreements } from '@shared/clause-consistency.js';
import { type ClauseGroup, clauseCounts, clauseGroups, clausePositions } from '@shared/clause-positions.js';
import type { DocumentClause } from '@shared/clause-split.js';
import { groupClauses } from '@shared/clauses.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { can } from '@server/policies/negotiation.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import { AppError } from '@server/errors.js';
import {
  type NegotiationOverviewDto,
  type OverviewClauseDto,
  type OverviewOutlierDto,
  type OverviewThreadDto,
} from '@server/presenters/negotiation-overview.js';
import { authorNames } from '@server/presenters/thread.js';
import { documentClauses } from '@server/queries/ndas/document-clauses.js';

/**
 * Every thread of every group of the project, one row per clause of the project NDA (the clause its
 * pointer or quote falls in, by key: a group's copy shares the project NDA's keys), whatever words were
 * quoted; threads outside any clause are grouped by quote or distance (shared/clauses.ts). Each row
 * carries the groups that raised it, the distinct wordings they hold and how its threads stand. The
 * project's sender side only: recipients see their own group's threads, never the other bidders'.
 */
export async function getNegotiationOverview(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<NegotiationOverviewDto> {
  const { project } = await authorizeSenderSide(core.db, actor, projectId);
  if (!can(actor, 'view_commentthread')) throw AppError.forbidden();
  const db = core.db;
  const allNdas = await db
    .selectFrom('ndas')
    .leftJoin('projectBranches', 'projectBranches.id', 'ndas.projectBranchId')
    .select(['ndas.id', 'ndas.projectBranchId', 'ndas.fileSha256', 'ndas.fileKey', 'projectBranches.name as groupName'])
    .where('ndas.projectId', '=', project.id)
    .orderBy('ndas.id')
    .execute();
  const ndas = allNdas.filter((n) => n.projectBranchId !== null);
  // Every group with an NDA: consistency compares where each stands, the groups that raised nothing too.
  const projectGroups: ClauseGroup[] = [];
  for (const n of ndas)
    if (!projectGroups.some((g) => g.projectBranch === n.projectBranchId))
      projectGroups.push({ projectBranch: n.projectBranchId!, groupName: n.groupName ?? '' });
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
  if (!threads.length) return { clauses: [], ndas: ndas.map((n) => n.id), outliers: [] };
  const ids = threads.map((t) => t.id);
  const [firstPointers, latestProposals, names, clausesByFile] = await Promise.all([
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
    clausesOfFiles(core, allNdas),
  ]);
  const fileOf = new Map(allNdas.map((n) => [n.id, n.fileSha256]));
  const projectNda = allNdas.find((n) => n.projectBranchId === null);
  // The project NDA's clauses name and order the rows; without one, the groups' NDAs' do.
  const reference = [
    ...(projectNda ? (clausesByFile.get(projectNda.fileSha256) ?? []) : []),
    ...ndas.flatMap((n) => clausesByFile.get(n.fileSha256) ?? []),
  ];
  const order = new Map<string, { index: number; clause: DocumentClause }>();
  reference.forEach((clause, index) => {
    if (!order.has(clause.key)) order.set(clause.key, { index, clause });
  });
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
    const own = clausesByFile.get(fileOf.get(t.ndaId)!) ?? [];
    const clause = attachClause(own, { quote: t.quote, pointers: pointerOf.has(t.id) ? [anchor] : [] });
    return { thread, clause, anchor };
  });
  const keyed = new Map<string, { ref: ClauseRef; threads: OverviewThreadDto[] }>();
  const loose: Array<OverviewThreadDto & { anchor: { page: number; x: number; y: number } }> = [];
  for (const { thread, clause, anchor } of rows) {
    if (!clause) {
      loose.push({ ...thread, anchor });
      continue;
    }
    const entry = keyed.get(clause.key) ?? { ref: clause, threads: [] };
    keyed.set(clause.key, entry);
    entry.threads.push(thread);
  }
  const summarised = (threads: OverviewThreadDto[], keyed: boolean) => ({
    groups: clauseGroups(threads),
    positions: clausePositions(threads),
    counts: clauseCounts(threads),
    // Only a clause of the NDA is compared across every group: a loose pointer is one group's own.
    consistency: keyed ? clauseConsistency(threads, projectGroups) : null,
  });
  const byKey: OverviewClauseDto[] = [...keyed]
    .sort(([a], [b]) => (order.get(a)?.index ?? Infinity) - (order.get(b)?.index ?? Infinity) || a.localeCompare(b))
    .map(([key, { ref, threads: own }]) => {
      const named = order.get(key)?.clause ?? ref;
      const box = order.get(key)?.clause.boxes[0];
      const first = own[0]!;
      return {
        key,
        number: named.number,
        heading: named.heading,
        page: box?.page ?? first.page,
        quote:
          own
            .find((th) => th.quote)
            ?.quote?.replace(/\s+/g, ' ')
            .trim() ?? null,
        x: box?.x ?? first.x,
        y: box?.y ?? first.y,
        threads: own,
        ...summarised(own, true),
      };
    });
  const byPlace: OverviewClauseDto[] = groupClauses(loose).map((c) => {
    const own = c.threads.map(({ anchor: _anchor, ...thread }) => thread);
    return { key: null, number: null, heading: null, ...c, threads: own, ...summarised(own, false) };
  });
  return { clauses: [...byKey, ...byPlace], ndas: ndas.map((n) => n.id), outliers: outliersOf(byKey) };
}

/** The groups holding an agreed wording no other group has, with the clauses where they do. */
function outliersOf(clauses: OverviewClauseDto[]): OverviewOutlierDto[] {
  const byGroup = new Map<number, OverviewOutlierDto>();
  for (const clause of clauses)
    for (const found of uniqueAgreements(clause.threads)) {
      const entry = byGroup.get(found.projectBranch) ?? {
        projectBranch: found.projectBranch,
        groupName: found.groupName,
        clauses: [],
      };
      byGroup.set(found.projectBranch, entry);
      entry.clauses.push({ key: clause.key!, number: clause.number, heading: clause.heading, wording: found.wording });
    }
  return [...byGroup.values()].sort((a, b) => a.projectBranch - b.projectBranch);
}

/** The clauses of each NDA's file, split now for a file stored before clauses were kept. */
async function clausesOfFiles(
  core: Core,
  ndas: Array<{ fileSha256: string; fileKey: string }>,
): Promise<Map<string, DocumentClause[]>> {
  const files = new Map(ndas.map((n) => [n.fileSha256, n.fileKey]));
  const found = new Map<string, DocumentClause[]>();
  if (!files.size) return found;
  const stored = await core.db
    .selectFrom('documentClauses')
    .select(['fileSha256', 'clauses'])
    .where('fileSha256', 'in', [...files.keys()])
    .execute();
  for (const row of stored) found.set(row.fileSha256, row.clauses as DocumentClause[]);
  for (const [sha, fileKey] of files)
    if (!found.has(sha)) found.set(sha, await documentClauses(core, { fileSha256: sha, fileKey }));
  return found;
}
