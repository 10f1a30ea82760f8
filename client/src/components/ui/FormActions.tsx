import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormActionsProps {
  onCancel: () => void;
  /** While the form is being saved: the submit button spins and Cancel waits. */
  busy: boolean;
  submitLabel: ReactNode;
}

/** A form's closing row: Cancel, then the submit button, at the right. */
export function FormActions({ onCancel, busy, submitLabel }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
