import { Group, Paper, Radio, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CLAUSE_FILTERS, type ClauseFilter, filterClauses, summariseClauses } from '@shared/clauses';
import { ListSkeleton, QueryState } from '@client/components/ui/QueryState';
import { useProjectPlaybook } from '@client/features/playbook';
import { useNegotiationOverview } from '../api/overview';
import { useOverviewLive } from '../hooks/use-overview-live';
import { ClauseCard } from './ClauseCard';
import { ClauseSummary } from './ClauseSummary';

const FILTER_LABELS: Record<ClauseFilter, string> = {
  all: 'All',
  open: 'Open',
  agreed: 'Agreed',
  rejected: 'Rejected by both',
};

/**
 * The clause view across bidders: every group's threads grouped by clause, with a summary at the top
 * and a filter by where the threads stand. Live, like the tracker.
 */
export function ClauseView({ projectId }: { projectId: number }) {
  const overview = useNegotiationOverview(projectId);
  const playbook = useProjectPlaybook(projectId, true).data?.clauses;
  useOverviewLive(projectId, overview.data?.ndas);
  const [filter, setFilter] = useState<ClauseFilter>('all');
  const clauses = overview.data?.clauses;
  const summary = useMemo(() => summariseClauses(clauses ?? []), [clauses]);
  const shown = useMemo(() => filterClauses(clauses ?? [], filter), [clauses, filter]);

  return (
    <QueryState
      query={overview}
      errorTitle="The clauses could not be loaded"
      loading={<ListSkeleton count={2} height={120} spacing="md" radius="md" />}
    >
      {() => (
        <Stack gap="lg">
          <section aria-labelledby="clause-summary-heading">
            <Title order={2} fz="lg" mb="sm" id="clause-summary-heading">
              At a glance
            </Title>
            <ClauseSummary summary={summary} />
          </section>
          <section aria-labelledby="clause-list-heading">
            <Group justify="space-between" align="flex-end" mb="sm" gap="md">
              <Title order={2} fz="lg" id="clause-list-heading">
                Clauses
              </Title>
              <Radio.Group
                label="Show threads"
                value={filter}
                onChange={(value) => setFilter(value as ClauseFilter)}
                data-testid="clause-filter"
              >
                <Group gap="md" mt={4}>
                  {CLAUSE_FILTERS.map((f) => (
                    <Radio key={f} value={f} label={FILTER_LABELS[f]} />
                  ))}
                </Group>
              </Radio.Group>
            </Group>
            {shown.length === 0 ? (
              <Paper withBorder radius="md" p="xl">
                <Stack align="center" ta="center" gap="xs">
                  <ThemeIcon size={48} radius="xl" variant="light">
                    <IconListSearch size={24} />
                  </ThemeIcon>
                  <Text fw={600}>{clauses?.length ? 'No clause matches this filter' : 'No clause raised yet'}</Text>
                  <Text c="dimmed" fz="sm" maw={440}>
                    {clauses?.length
                      ? 'Choose another status to see more threads.'
                      : 'When a group comments on a clause of its NDA, the clause shows here with every group that raised it.'}
                  </Text>
                </Stack>
              </Paper>
            ) : (
              <Stack component="ol" gap="md" p={0} m={0} aria-label="Clauses by page" data-testid="clause-list">
                {shown.map((clause) => {
                  const key = clause.threads[0]!.id;
                  return (
                    <li key={key} style={{ listStyle: 'none' }}>
                      <ClauseCard
                        clause={clause}
                        projectId={projectId}
                        headingId={`clause-${key}`}
                        playbook={playbook}
                      />
                    </li>
                  );
                })}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </QueryState>
  );
}
