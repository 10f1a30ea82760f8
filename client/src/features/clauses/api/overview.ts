import type { NegotiationOverviewDto } from '@client/lib/api-types';
import { trpc } from '@client/lib/trpc';

export type Overview = NegotiationOverviewDto;
export type OverviewClause = Overview['clauses'][number];
export type OverviewThread = OverviewClause['threads'][number];

/** Every thread of every group of the project, by clause (the project's senders only). */
export function useNegotiationOverview(projectId: number, enabled = true) {
  return trpc.projects.negotiationOverview.useQuery({ id: projectId }, { enabled: enabled && projectId > 0 });
}

export type GroupOutlier = Overview['outliers'][number];

/**
 * The groups holding an agreed wording no other group has, by group id, from the clause view's one read:
 * what the tracker flags (the project's senders only).
 */
export function useGroupOutliers(projectId: number, enabled = true): Map<number, GroupOutlier> {
  const overview = useNegotiationOverview(projectId, enabled);
  return new Map((overview.data?.outliers ?? []).map((o) => [o.projectBranch, o]));
}
