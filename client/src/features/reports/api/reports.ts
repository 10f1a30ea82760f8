import { keepPreviousData } from '@tanstack/react-query';
import { type ReportExport, reportExportName } from '@shared/reports';
import { apiUrl, restBlob, saveBlob } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';
import type { ReportQuery } from './report-filter';

/** The reports of the chosen projects and groups; the previous figures stay on screen while new ones load. */
export function useReportMetrics(query: ReportQuery) {
  return trpc.reports.metrics.useQuery(query, { placeholderData: keepPreviousData });
}

/** Each group's status and time to sign, and the clauses negotiated across groups, in the filter's scope. */
export function useReportBreakdown(query: ReportQuery, enabled = true) {
  return trpc.reports.breakdown.useQuery(query, { placeholderData: keepPreviousData, enabled });
}

/** Downloads the CSV of the filter's scope (GET /reports/export/{events,statuses}/). */
export async function downloadReportCsv(kind: ReportExport, query: ReportQuery): Promise<void> {
  const path = apiUrl(`/reports/export/${kind}/`, {
    project__in: query.projectIn?.join(','),
    project_branch__in: query.projectBranchIn?.join(','),
  });
  saveBlob(await restBlob(path), reportExportName(kind));
}

/** The projects and groups the reports can be filtered by. */
export function useReportChoices() {
  return trpc.reports.choices.useQuery(undefined, { staleTime: 60_000 });
}
