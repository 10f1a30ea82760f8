import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { canMakeMove, type AbilityContext } from '@shared/thread-abilities';
import type { ThreadMutations } from '../api/thread-mutations';
import type { Thread } from '../types';

/** Approve and Reject of a thread, each allowed by the negotiation rules; one move at a time. */
export function NegotiationMoves({
  thread,
  abilities,
  mutations,
}: {
  thread: Thread;
  abilities: AbilityContext;
  mutations: ThreadMutations;
}) {
  const moving = mutations.negotiating?.id === thread.id ? mutations.negotiating.move : null;
  return (
    <Group gap="xs" mt="sm" onClick={(e) => e.stopPropagation()} data-testid="negotiation-actions">
      <Button
        size="compact-sm"
        color="green"
        variant="light"
        leftSection={<IconCheck size={14} />}
        onClick={() => mutations.negotiate(thread, 'approve')}
        disabled={!canMakeMove(abilities, thread, 'approve') || moving !== null}
        loading={moving === 'approve'}
      >
        Approve
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="light"
        leftSection={<IconX size={14} />}
        onClick={() => mutations.negotiate(thread, 'reject')}
        disabled={!canMakeMove(abilities, thread, 'reject') || moving !== null}
        loading={moving === 'reject'}
      >
        Reject
      </Button>
    </Group>
  );
}
