import type { NegotiationOverviewDto } from '@client/lib/api-types';
import { trpc } from '@client/lib/trpc';

export type Overview = NegotiationOverviewDto;
export type OverviewClause = Overview['clauses'][number];
export type OverviewThread = OverviewClause['threads'][number];

/** Every thread of every group of the project, by clause (the project's senders only). */
export function useNegotiationOverview(projectId: number, enabled = true) {
  return trpc.projects.negotiationOverview.useQuery({ id: projectId }, { enabled: enabled && projectId > 0 });
}
