import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormActions } from '@client/components/ui/FormActions';
import { notifySuccess } from '@client/components/ui/notify';
import { browserTimeZone, fromLocalInput, toLocalInput } from '@client/lib/deadline-input';
import { errorMessageOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import type { BranchDto } from '@client/lib/api-types';
import { applyTrackerChange } from '../api/tracker-live';

/**
 * Sets a group's own NDA deadline, in the adviser's time zone, or clears it so the group follows the
 * project's. A later deadline (or none) is an extension: the group's recipients are told by e-mail.
 */
export function GroupDeadlineModal({
  projectId,
  branch,
  opened,
  onClose,
}: {
  projectId: number;
  branch: BranchDto;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`NDA deadline of ${branch.name}`}>
      {/* Mounted while open: each opening starts from the group's deadline as it stands. */}
      {opened && <DeadlineForm projectId={projectId} branch={branch} onClose={onClose} />}
    </Modal>
  );
}

function DeadlineForm({ projectId, branch, onClose }: { projectId: number; branch: BranchDto; onClose: () => void }) {
  const client = useQueryClient();
  const utils = trpc.useUtils();
  const update = trpc.groups.update.useMutation();
  const [value, setValue] = useState(() => toLocalInput(branch.ndaDeadline));
  const [error, setError] = useState<string | null>(null);

  const save = () =>
    update.mutate(
      { id: branch.id, ndaDeadline: fromLocalInput(value) },
      {
        onSuccess: async () => {
          applyTrackerChange(client, projectId);
          await utils.groups.invalidate();
          notifySuccess(`The NDA deadline of ${branch.name} is saved.`);
          onClose();
        },
        onError: (err) => setError(errorMessageOf(err)),
      },
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <TextInput
          type="datetime-local"
          label="Group deadline"
          description={`In your time zone (${browserTimeZone()}). Leave empty to follow the project’s deadline.`}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          data-testid="group-nda-deadline"
        />
        {branch.expired && (
          <Text fz="sm" c="dimmed">
            The NDA has expired. A later deadline lets its recipients sign again, and they are told by e-mail.
          </Text>
        )}
        <FormActions onCancel={onClose} busy={update.isPending} submitLabel="Save" />
      </Stack>
    </form>
  );
}
