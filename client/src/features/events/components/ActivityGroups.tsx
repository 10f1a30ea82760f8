import { Avatar, Group, Indicator, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatRelative } from '@shared/dates';
import type { EventGroup } from '@shared/event-feed';
import type { EventDto } from '@client/lib/api-types';
import { eventColor, eventIcon } from './event-look';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (
    `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : ''}`.toUpperCase() || '?'
  );
}

/**
 * Lines of the activity feed: one per run of events of a type, with its reasons, when, and where (its
 * group, and its project when the list spans projects).
 */
export function ActivityGroups({
  groups,
  branchNames,
  projectNames,
}: {
  groups: Array<EventGroup<EventDto>>;
  branchNames?: Map<number, string>;
  projectNames?: Map<number, string>;
}) {
  return (
    <>
      {groups.map((group) => {
        const Icon = eventIcon(group.status);
        const first = group.events[0];
        const branch = first?.projectBranch;
        const where = [
          first && projectNames?.get(first.project),
          branch !== null && branch !== undefined ? branchNames?.get(branch) : undefined,
        ].filter(Boolean);
        return (
          <Group key={group.key} gap="sm" wrap="nowrap" align="flex-start" data-testid="activity-group">
            <Indicator disabled={group.unread === 0} color="red" size={8} offset={3}>
              <ThemeIcon variant="light" color={eventColor(group.status)} size={32} radius="xl">
                <Icon size={16} />
              </ThemeIcon>
            </Indicator>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fz="sm" lh={1.35}>
                {group.lead} {group.who && <b>{group.who}</b>}
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
                  {formatRelative(group.created)}
                </Text>
                {where.length > 0 && (
                  <Text fz="xs" c="dimmed">
                    · {where.join(' · ')}
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
    </>
  );
}
