import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { canMakeMove, type AbilityContext } from '@shared/thread-abilities';
import type { ThreadMutations } from '../api/thread-mutations';
import type { Thread } from '../types';
import { RejectDialog } from './RejectDialog';

/**
 * Approve and Reject of a thread, each allowed by the negotiation rules; one move at a time. Reject
 * first asks for an optional reason, which is posted as the reply of the side that rejects.
 */
export function NegotiationMoves({
  thread,
  abilities,
  mutations,
  canGiveReason,
}: {
  thread: Thread;
  abilities: AbilityContext;
  mutations: ThreadMutations;
  /** The user may reply in the thread, so a reason can be posted there. */
  canGiveReason: boolean;
}) {
  const moving = mutations.negotiating?.id === thread.id ? mutations.negotiating.move : null;
  const [rejecting, setRejecting] = useState(false);
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
        onClick={() => setRejecting(true)}
        disabled={!canMakeMove(abilities, thread, 'reject') || moving !== null}
        loading={moving === 'reject'}
      >
        Reject
      </Button>
      {/* Mounted while open, so each rejection starts with an empty reason. */}
      {rejecting && (
        <RejectDialog
          opened
          thread={thread}
          canGiveReason={canGiveReason}
          busy={moving === 'reject'}
          onClose={() => setRejecting(false)}
          onReject={(reason) => mutations.reject(thread, reason, { onSuccess: () => setRejecting(false) })}
        />
      )}
    </Group>
  );
}
