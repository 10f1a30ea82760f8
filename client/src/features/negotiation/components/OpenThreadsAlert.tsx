import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { openThreadsMessage } from '@shared/signing';
import { statusLabel } from '../status-labels';
import type { Thread } from '../types';

/** The threads signing waits for, each a button that opens it and its page. */
export function OpenThreadsAlert({
  threads,
  numbers,
  onOpenThread,
}: {
  threads: Thread[];
  numbers: Map<number, number>;
  onOpenThread: (thread: Thread) => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={threads.length === 1 ? '1 open thread' : `${threads.length} open threads`}
      data-testid="open-threads"
    >
      <Stack gap={6}>
        <Text fz="sm">{openThreadsMessage(threads.length)}</Text>
        {threads.map((thread) => {
          const page = thread.pointers[0]?.page;
          return (
            <Button
              key={thread.id}
              variant="subtle"
              color="dark"
              size="compact-sm"
              justify="flex-start"
              fullWidth
              onClick={() => onOpenThread(thread)}
              data-testid="open-thread"
              data-thread={thread.id}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              h="auto"
              py={4}
            >
              #{numbers.get(thread.id) ?? '?'}
              {page ? ` · page ${page}` : ''} · {statusLabel(thread.negotiationStatus).label}:{' '}
              {thread.text.length > 60 ? `${thread.text.slice(0, 60)}…` : thread.text}
            </Button>
          );
        })}
      </Stack>
    </Alert>
  );
}
