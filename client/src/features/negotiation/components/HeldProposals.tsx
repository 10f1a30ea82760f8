import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatTime } from '@shared/dates';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { useHeldProposals, useSettleHeld } from '../api/held-proposals';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Thread } from '../types';

/**
 * A team member's proposals on a thread held for internal approval, for the sending team only: the
 * company's or the project's owner releases (sends) or discards each. A recipient's page asks for nothing.
 */
export function HeldProposals({ thread, review }: { thread: Thread; review: NdaReview }) {
  const sender = review.side === 'sender';
  const held = useHeldProposals(thread.nda, sender);
  const settle = useSettleHeld(thread.nda);
  const own = (held.data ?? []).filter((h) => h.commentThread === thread.id);
  if (!sender || !own.length) return null;
  const approver =
    review.project.access === 'owner' ||
    review.project.user === review.me.id ||
    (review.project.approvers ?? []).includes(review.me.id);
  const onError = (err: unknown) => notifyError(errorMessageOf(err));
  return (
    <Stack gap={6} mt="xs" onClick={(e) => e.stopPropagation()}>
      {own.map((h) => (
        <Paper key={h.id} withBorder radius="sm" p="xs" bg="var(--mantine-color-orange-0)" data-testid="held-proposal">
          <Group justify="space-between" gap={6}>
            <Badge color="orange" variant="light" tt="none">
              Awaiting approval (internal)
            </Badge>
            <Text fz="xs" c="dimmed">
              {h.author} · {formatTime(h.created)}
            </Text>
          </Group>
          <Text fz="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {h.text}
          </Text>
          <Text fz="sm" fw={600} mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Proposed wording: {h.proposal}
          </Text>
          {approver ? (
            <Group gap="xs" mt={6}>
              <Button
                size="compact-sm"
                loading={settle.release.isPending}
                onClick={() => settle.release.mutate({ id: h.id }, { onError })}
              >
                Release to the bidder
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                loading={settle.discard.isPending}
                onClick={() => settle.discard.mutate({ id: h.id }, { onError })}
              >
                Discard
              </Button>
            </Group>
          ) : (
            <Text fz="xs" c="dimmed" mt={4}>
              The bidder sees nothing until the owner releases it.
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
