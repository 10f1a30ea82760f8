import { Alert, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ANALYTICS_CHART } from '@shared/reports';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { errorMessageOf } from '@client/lib/errors';
import { reportQuery } from '../api/report-filter';
import { useReportBreakdown, useReportChoices, useReportMetrics } from '../api/reports';
import { useReportsLive } from '../hooks/use-reports-live';
import { ClausesTable } from './ClausesTable';
import { GroupTimesTable } from './GroupTimesTable';
import { NdaActivityChart, ProjectsRecipientsChart } from './MonthlyCharts';
import { NdaHalfRing } from './NdaHalfRing';
import { ReportEvents } from './ReportEvents';
import { ReportExports } from './ReportExports';
import { ReportsFilter } from './ReportsFilter';
import { SummaryCounters } from './SummaryCounters';

const FLUID = { height: 310 };

/**
 * The reports of the projects the user runs over the last 6 months, for the chosen projects and
 * groups, live. 'reports' (/reports) adds the events list, each group's time to sign, the clauses
 * negotiated across groups and the CSV exports, and fits the charts to the page;
 * 'analytics' (/dashboard) draws the three charts at the spec's 550x310.
 */
export function ReportsView({ variant }: { variant: 'reports' | 'analytics' }) {
  useReportsLive();
  const choices = useReportChoices();
  const [selection, setSelection] = useState<string[]>([]);
  const projects = useMemo(() => choices.data ?? [], [choices.data]);
  const query = useMemo(() => reportQuery(projects, selection), [projects, selection]);
  const metrics = useReportMetrics(query);
  const breakdown = useReportBreakdown(query, variant === 'reports');

  if (choices.isError) return <PageError error={choices.error} onRetry={() => void choices.refetch()} />;
  if (metrics.isPending || choices.isPending) return <PageSkeleton />;
  if (!metrics.data) return <PageError error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const data = metrics.data;

  return (
    <Stack gap="lg" aria-busy={metrics.isFetching || undefined}>
      <ReportsFilter projects={projects} value={selection} onChange={setSelection} />
      {variant === 'reports' && <ReportExports query={query} />}
      {metrics.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {errorMessageOf(metrics.error)}
        </Alert>
      )}
      <SummaryCounters metrics={data} />
      {variant === 'reports' ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ReportEvents projects={projects} query={query} />
            <NdaHalfRing metrics={data} size={FLUID} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ProjectsRecipientsChart metrics={data} size={FLUID} />
            <NdaActivityChart metrics={data} size={FLUID} />
          </SimpleGrid>
          {/* Each table the page's full width: side by side, a laptop's half cut off the groups' last columns. */}
          {breakdown.data && (
            <>
              <GroupTimesTable breakdown={breakdown.data} />
              <ClausesTable breakdown={breakdown.data} />
            </>
          )}
        </>
      ) : (
        // Wider than a phone: the row scrolls, so the keyboard can reach and scroll it too.
        <Group gap="lg" align="flex-start" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Charts">
          <NdaHalfRing metrics={data} size={ANALYTICS_CHART} />
          <ProjectsRecipientsChart metrics={data} size={ANALYTICS_CHART} />
          <NdaActivityChart metrics={data} size={ANALYTICS_CHART} />
        </Group>
      )}
    </Stack>
  );
}
