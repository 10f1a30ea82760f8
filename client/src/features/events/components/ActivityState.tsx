import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryState } from '@client/components/ui/QueryState';
import type { useProjectEvents } from '../api/events';

/**
 * A project's activity in its states, as the feed and its modal show it: the error with Try again, a
 * loader, "No activity yet.", else the list.
 */
export function ActivityState({
  query,
  isEmpty,
  children,
}: {
  query: ReturnType<typeof useProjectEvents>;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <QueryState
      query={query}
      errorTitle="The activity could not be loaded"
      loading={
        <Center py="md">
          <Loader size="sm" aria-label="Loading activity" />
        </Center>
      }
      isEmpty={() => isEmpty}
      empty={
        <Text fz="sm" c="dimmed">
          No activity yet.
        </Text>
      }
    >
      {() => children}
    </QueryState>
  );
}
