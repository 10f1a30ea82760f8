import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import type { RouterOutputs } from '@client/lib/router-types';
import { errorMessageOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { refreshBilling } from '@client/features/billing';
import { memberName } from './member-name';

type Member = RouterOutputs['members']['list'][number];

interface RemoveMemberModalProps {
  member: Member | null;
  opened: boolean;
  companyName: string | null;
  onClose: () => void;
}

/** Asks before removing a team member: they lose access at once and are signed out everywhere. */
export function RemoveMemberModal({ member, opened, companyName, onClose }: RemoveMemberModalProps) {
  const utils = trpc.useUtils();
  const remove = trpc.members.remove.useMutation();

  const confirm = async () => {
    if (!member) return;
    try {
      await remove.mutateAsync({ id: member.id });
      notifySuccess(`${memberName(member)} is no longer on your team.`, 'Member removed');
      await Promise.all([utils.members.list.invalidate(), refreshBilling(utils)]);
      onClose();
    } catch (err) {
      notifyError(errorMessageOf(err));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Remove team member"
      size={460}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {member && (
        <Stack gap="md">
          <Text>
            Remove <b>{memberName(member)}</b>
            {member.firstName || member.lastName ? ` (${member.email})` : ''} from {companyName ?? 'your company'}?
          </Text>
          <Text fz="sm" c="dimmed">
            {member.isActive
              ? 'They lose access to your company’s projects at once and are signed out on every device. Their seat becomes free.'
              : 'Their invitation stops working and their seat becomes free.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
              Remove member
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
