import { Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { groupEvents } from '@shared/event-feed';
import type { EventDto } from '@client/lib/api-types';
import { ActivityGroups } from './ActivityGroups';

export interface EventGroupsListProps {
  events: EventDto[];
  /** How many grouped lines show until Show more. */
  collapsed: number;
  /** Names shown beside a line: its group, and its project when the list spans projects. */
  branchNames?: Map<number, string>;
  projectNames?: Map<number, string>;
  testId?: string;
}

/** Events grouped as the activity feed groups them, a few lines until Show more. */
export function EventGroupsList({ events, collapsed, branchNames, projectNames, testId }: EventGroupsListProps) {
  const [expanded, setExpanded] = useState(false);
  const groups = useMemo(() => groupEvents<EventDto>(events), [events]);
  return (
    <Stack gap="sm" data-testid={testId}>
      <ActivityGroups
        groups={expanded ? groups : groups.slice(0, collapsed)}
        branchNames={branchNames}
        projectNames={projectNames}
      />
      {groups.length > collapsed && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setExpanded((e) => !e)}
          style={{ alignSelf: 'flex-start' }}
        >
          {expanded ? 'Show less' : `Show more (${groups.length - collapsed})`}
        </Button>
      )}
    </Stack>
  );
}
