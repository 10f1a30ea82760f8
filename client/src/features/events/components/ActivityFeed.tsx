import { Avatar, Button, Center, Group, Indicator, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { formatDistanceToNow } from 'date-fns';
import { useMemo, useState } from 'react';
import { groupEvents } from '@shared/event-feed';
import type { EventDto } from '@client/lib/api-types';
import { useProjectEvents } from '../api/events';
import { useMarkProjectRead } from '../hooks/use-mark-project-read';
import { eventColor, eventIcon } from './event-look';

const COLLAPSED = 3;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (
    `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : ''}`.toUpperCase() || '?'
  );
}

/**
 * The project's activity: consecutive events of a type on one line ('NDA has been sent twice by…'),
 * three lines until Show more. Opening it marks the project's events read; new ones arrive live.
 */
export function ActivityFeed({ projectId, branchNames }: { projectId: number; branchNames?: Map<number, string> }) {
  const query = useProjectEvents(projectId);
  useMarkProjectRead(projectId, query.data?.results);
  const [expanded, setExpanded] = useState(false);
  const groups = useMemo(() => groupEvents<EventDto>(query.data?.results ?? []), [query.data]);
  const shown = expanded ? groups : groups.slice(0, COLLAPSED);

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
      </Group>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : groups.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No activity yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="activity-feed">
          {shown.map((group) => {
            const Icon = eventIcon(group.status);
            const branch = group.events[0]?.projectBranch;
            return (
              <Group key={group.key} gap="sm" wrap="nowrap" align="flex-start">
                <Indicator disabled={group.unread === 0} color="red" size={8} offset={3}>
                  <ThemeIcon variant="light" color={eventColor(group.status)} size={32} radius="xl">
                    <Icon size={16} />
                  </ThemeIcon>
                </Indicator>
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fz="sm" lh={1.35}>
                    {group.lead} <b>{group.who}</b>
                  </Text>
                  {group.events.map(
                    (e) =>
                      e.reason && (
                        <Text
                          key={e.id}
                          fz="xs"
                          c="dimmed"
                          lineClamp={3}
                          style={{ whiteSpace: 'pre-wrap' }}
                          data-testid="event-reason"
                        >
                          {group.authors.length > 1 ? `${e.author}: ` : 'Reason: '}
                          {e.reason}
                        </Text>
                      ),
                  )}
                  <Group gap={6}>
                    <Text fz="xs" c="dimmed">
                      {formatDistanceToNow(new Date(group.created), { addSuffix: true })}
                    </Text>
                    {branch && branchNames?.get(branch) && (
                      <Text fz="xs" c="dimmed">
                        · {branchNames.get(branch)}
                      </Text>
                    )}
                  </Group>
                </Stack>
                {group.authors.length > 1 && (
                  <Avatar.Group spacing={8}>
                    {group.authors.slice(0, 3).map((a) => (
                      <Avatar key={a} size={24} radius="xl" color="navy">
                        {initials(a)}
                      </Avatar>
                    ))}
                  </Avatar.Group>
                )}
              </Group>
            );
          })}
          {groups.length > COLLAPSED && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setExpanded((e) => !e)}
              style={{ alignSelf: 'flex-start' }}
            >
              {expanded ? 'Show less' : `Show more (${groups.length - COLLAPSED})`}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
