import { Stack, Text, Textarea } from '@mantine/core';
import { MAX_PASS_REASON } from '@shared/schemas/signing';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import type { usePassForm } from '../hooks/use-pass-form';

const PASS_QUESTION = 'Are you sure you want to pass on this opportunity ?';

/** The confirmation of a pass, with the reason the sending team reads. */
export function PassModal({ pass }: { pass: ReturnType<typeof usePassForm> }) {
  return (
    <ConfirmModal
      opened={pass.opened}
      onClose={pass.close}
      title="Pass on this opportunity"
      color="red"
      confirmLabel="Yes, pass"
      loading={pass.loading}
      onConfirm={() => void pass.confirm()}
      message={
        <Stack gap="sm">
          <Text fz="sm">{PASS_QUESTION}</Text>
          <Textarea
            label="Reason (optional)"
            description="The sending team reads it with your answer. It closes the negotiation for your group."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_PASS_REASON}
            {...pass.form.getInputProps('reason')}
          />
        </Stack>
      }
    />
  );
}
