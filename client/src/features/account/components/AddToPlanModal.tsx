import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { seatPath, useSubscription } from '@client/features/billing';

interface AddToPlanModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The plan has no free team member seat. On a paid plan the Plan page opens with one more seat chosen;
 * on Free it shows the plans that include seats.
 */
export function AddToPlanModal({ opened, onClose }: AddToPlanModalProps) {
  const subscription = useSubscription({ enabled: opened });
  const sub = subscription.data;
  const paid = Boolean(sub?.product);
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
              {paid
                ? `Every team member seat of your ${sub?.product?.name} plan is in use.`
                : 'The Free plan includes no team member seats.'}
            </Text>
          </Stack>
        </Group>
        {paid ? (
          <Text fz="sm">
            Add a seat to your plan on the Plan page: it is billed with your plan, and you can invite your colleague as
            soon as it is bought.
          </Text>
        ) : (
          <>
            <Text fz="sm">To invite a colleague, choose a plan on the Plan page:</Text>
            <List fz="sm" spacing={6}>
              <List.Item>Boutique or Bulge-Bracket each include one team member, and</List.Item>
              <List.Item>both let you add more team member seats to the plan.</List.Item>
            </List>
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={sub ? seatPath(sub) : '/plan'} onClick={onClose}>
            Go to Plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
