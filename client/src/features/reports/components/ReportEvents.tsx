import { Center, Loader, Paper, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { EventGroupsList, useEventsOfProjects } from '@client/features/events';
import { type ChoiceProject, inSelection, type ReportQuery } from '../api/report-filter';

const COLLAPSED = 8;

/**
 * The events of the projects and groups chosen (all the caller's projects when none is), newest first
 * and live, as the activity feed groups them. Reading them here marks nothing read.
 */
export function ReportEvents({ projects, query }: { projects: ChoiceProject[]; query: ReportQuery }) {
  const projectIds = useMemo(() => {
    if (!query.projectIn && !query.projectBranchIn) return null;
    const branches = new Set(query.projectBranchIn ?? []);
    const ids = new Set(query.projectIn ?? []);
    for (const p of projects) if (p.projectBranches.some((b) => branches.has(b.id))) ids.add(p.id);
    return [...ids];
  }, [projects, query]);
  const { events, isPending } = useEventsOfProjects(projectIds);
  const shown = useMemo(() => events.filter((e) => inSelection(query, e)), [events, query]);
  const projectNames = useMemo(() => new Map(projects.map((p) => [p.id, p.name])), [projects]);
  const branchNames = useMemo(
    () => new Map(projects.flatMap((p) => p.projectBranches.map((b) => [b.id, b.name] as const))),
    [projects],
  );

  return (
    <Paper withBorder p="lg" h="100%" component="section" aria-labelledby="report-events-title">
      <Title order={2} fz="md" mb="md" id="report-events-title">
        Events
      </Title>
      {isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : shown.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="report-events-empty">
          There are no projects activities
        </Text>
      ) : (
        <EventGroupsList
          events={shown}
          collapsed={COLLAPSED}
          projectNames={projectNames}
          branchNames={branchNames}
          testId="report-events"
        />
      )}
    </Paper>
  );
}
