import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDuration } from '@shared/reports';
import type { ReportMetricsDto } from '@client/lib/api-types';

function Counter({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string | number;
  hint: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md">
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={650} lh={1.3} data-testid={testId}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** The summary: projects, NDAs, active NDAs (with comment threads) and the median time from sent to signed. */
export function SummaryCounters({ metrics }: { metrics: ReportMetricsDto }) {
  const median = metrics.medianTimeToSign;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Counter label="Projects" value={metrics.numberOfProjects} hint="In the reports’ scope" testId="count-projects" />
      <Counter label="NDAs" value={metrics.numberOfNda} hint="Of the recipient groups" testId="count-ndas" />
      <Counter
        label="Active NDAs"
        value={metrics.numberOfActiveNda}
        hint="Out for signature, with comment threads"
        testId="count-active"
      />
      <Counter
        label="Median time to sign"
        value={median ? formatDuration(median) : 'No NDA signed'}
        hint="From sending to signature"
        testId="median-time"
      />
    </SimpleGrid>
  );
}
