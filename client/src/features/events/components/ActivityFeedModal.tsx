import { Button, Modal, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { groupEvents } from '@shared/event-feed';
import type { EventDto } from '@client/lib/api-types';
import { useProjectEvents } from '../api/events';
import { useMarkProjectRead } from '../hooks/use-mark-project-read';
import { ActivityGroups } from './ActivityGroups';
import { ActivityState } from './ActivityState';

/** The activity feed modal shows this many groups until Show more (spec 2, Other UI). */
export const FEED_COLLAPSED = 3;

/**
 * The activity feed modal of a project: three groups of events, Show more for the rest and Show less to
 * fold them again. Opening it marks the project's events read; new ones arrive live.
 */
export function ActivityFeedModal({
  projectId,
  projectName,
  opened,
  onClose,
  branchNames,
  marksRead = true,
}: {
  projectId: number;
  projectName: string;
  opened: boolean;
  onClose: () => void;
  branchNames?: Map<number, string>;
  /** False where the page around it marks the project's events read already. */
  marksRead?: boolean;
}) {
  const query = useProjectEvents(projectId, opened);
  useMarkProjectRead(projectId, opened && marksRead ? query.data?.results : undefined);
  const [expanded, setExpanded] = useState(false);
  const groups = useMemo(() => groupEvents<EventDto>(query.data?.results ?? []), [query.data]);
  const shown = expanded ? groups : groups.slice(0, FEED_COLLAPSED);
  const close = () => {
    setExpanded(false);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={`Activity · ${projectName}`} size="lg">
      <ActivityState query={query} isEmpty={groups.length === 0}>
        <Stack gap="sm" data-testid="activity-modal-feed">
          <ActivityGroups groups={shown} branchNames={branchNames} />
          {groups.length > FEED_COLLAPSED && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setExpanded((e) => !e)}
              style={{ alignSelf: 'flex-start' }}
            >
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          )}
        </Stack>
      </ActivityState>
    </Modal>
  );
}
