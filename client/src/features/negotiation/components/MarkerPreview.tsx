import { Blockquote, Group, Stack, Text } from '@mantine/core';
import type { Thread } from '../types';
import { StatusBadge } from './StatusBadge';

/** What a pin shows on hover or focus: its thread's author, status, quote, text and proposal. */
export function MarkerPreview({ thread, number }: { thread: Thread | undefined; number: number }) {
  if (!thread) return null;
  const replies = thread.comments.length;
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" fw={700}>
          #{number}
        </Text>
        <Text fz="sm" fw={600} truncate>
          {thread.author}
        </Text>
      </Group>
      <StatusBadge status={thread.negotiationStatus} />
      {thread.quote && (
        <Blockquote color="gray" p={6} fz="xs" data-testid="marker-quote">
          <Text fz="xs" lineClamp={3}>
            {thread.quote}
          </Text>
        </Blockquote>
      )}
      <Text fz="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {thread.text}
      </Text>
      {thread.proposal && (
        <Text fz="xs" lineClamp={3} data-testid="marker-proposal">
          <Text span fz="xs" fw={700}>
            Proposed:{' '}
          </Text>
          {thread.proposal}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {replies === 0 ? 'No replies yet' : replies === 1 ? '1 reply' : `${replies} replies`} · click the pin to open
      </Text>
    </Stack>
  );
}
