import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@client/lib/trpc';
import type { ReportQuery } from './report-filter';

/** The reports of the chosen projects and groups; the previous figures stay on screen while new ones load. */
export function useReportMetrics(query: ReportQuery) {
  return trpc.reports.metrics.useQuery(query, { placeholderData: keepPreviousData });
}

/** The projects and groups the reports can be filtered by. */
export function useReportChoices() {
  return trpc.reports.choices.useQuery(undefined, { staleTime: 60_000 });
}
