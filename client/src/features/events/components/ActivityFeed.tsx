import { Button, Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconActivity } from '@tabler/icons-react';
import { useMemo } from 'react';
import { groupEvents } from '@shared/event-feed';
import type { EventDto } from '@client/lib/api-types';
import { useProjectEvents } from '../api/events';
import { useMarkProjectRead } from '../hooks/use-mark-project-read';
import { ActivityFeedModal, FEED_COLLAPSED } from './ActivityFeedModal';
import { ActivityGroups } from './ActivityGroups';
import { ActivityState } from './ActivityState';

/**
 * The project page's activity: the three newest lines (consecutive events of a type on one line, 'NDA
 * has been sent twice by…') and the activity feed modal for the rest. The project page being open
 * marks its events read; new ones arrive live.
 */
export function ActivityFeed({
  projectId,
  projectName,
  branchNames,
}: {
  projectId: number;
  projectName: string;
  branchNames?: Map<number, string>;
}) {
  const query = useProjectEvents(projectId);
  useMarkProjectRead(projectId, query.data?.results);
  const [opened, modal] = useDisclosure(false);
  const groups = useMemo(() => groupEvents<EventDto>(query.data?.results ?? []), [query.data]);

  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <ThemeIcon variant="light" size={30} radius="md">
            <IconActivity size={18} />
          </ThemeIcon>
          <Title order={2} fz="md">
            Activity
          </Title>
        </Group>
        {groups.length > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={modal.open}>
            Open activity feed
          </Button>
        )}
      </Group>
      <ActivityState query={query} isEmpty={groups.length === 0}>
        <Stack gap="sm" data-testid="activity-feed">
          <ActivityGroups groups={groups.slice(0, FEED_COLLAPSED)} branchNames={branchNames} />
        </Stack>
      </ActivityState>
      <ActivityFeedModal
        projectId={projectId}
        projectName={projectName}
        opened={opened}
        onClose={modal.close}
        branchNames={branchNames}
        marksRead={false}
      />
    </Paper>
  );
}
