import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';

interface AddToPlanModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The plan has no free team member seat. Seats are bought on the Plan page; online purchase is not
 * available until billing is connected, and this dialog says so rather than pretending to sell one.
 */
export function AddToPlanModal({ opened, onClose }: AddToPlanModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add a team member to your plan"
      size={500}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="navy">
            <IconUsersPlus size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>{ACCOUNT_MESSAGES.notEnoughMembers}</Text>
            <Text fz="sm" c="dimmed">
              Every team member seat of your plan is in use; the Free plan includes none.
            </Text>
          </Stack>
        </Group>
        <Text fz="sm">To invite a colleague you can:</Text>
        <List fz="sm" spacing={6}>
          <List.Item>upgrade to Boutique or Bulge-Bracket, which each include one team member, or</List.Item>
          <List.Item>buy extra team member seats as an add-on to your plan.</List.Item>
        </List>
        <Text fz="sm" c="dimmed">
          Both are done on the Plan page. Online checkout is not available yet: it opens when billing is connected, and
          nothing is charged before then.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to="/plan" onClick={onClose}>
            Go to Plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
