import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ORIGINAL_TEXT_STANDS } from '@shared/negotiation';
import type { Thread } from '../types';

/** The longest reason the server takes (shared/schemas/threads.ts). */
const MAX_REASON = 5000;

/**
 * Confirms a rejection and asks why, optionally: the reason is posted as the user's reply in the
 * thread. It says what the rejection leaves: once both sides reject, the original text stands.
 */
export function RejectDialog({
  opened,
  thread,
  canGiveReason,
  busy,
  onClose,
  onReject,
}: {
  opened: boolean;
  thread: Thread;
  canGiveReason: boolean;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  // The other side has rejected already: this rejection settles the thread.
  const settles =
    thread.negotiationStatus.startsWith('rejected_by_') && thread.negotiationStatus !== 'rejected_by_both_parties';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReject(canGiveReason ? reason : '');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reject this change" centered>
      <form onSubmit={submit} noValidate onClick={(e) => e.stopPropagation()}>
        <Stack gap="md">
          <Text fz="sm" data-testid="reject-outcome">
            {settles
              ? `The other side has rejected it too: the thread is settled once you reject. ${ORIGINAL_TEXT_STANDS}`
              : `The other side answers next. If they reject it too: ${ORIGINAL_TEXT_STANDS.charAt(0).toLowerCase()}${ORIGINAL_TEXT_STANDS.slice(1)}`}
          </Text>
          {canGiveReason && (
            <Textarea
              label="Reason (optional)"
              description="Posted in the thread as your reply."
              placeholder="Why this change does not work for you"
              autosize
              minRows={3}
              maxRows={8}
              maxLength={MAX_REASON}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {/* Red 9: white text on the theme's red 6 reads at 3.3:1 only. */}
            <Button color="red.9" type="submit" loading={busy}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
