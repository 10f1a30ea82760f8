import { Anchor, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { hasRoom } from '@shared/billing';
import { useSubscription } from '../api/billing';
import { seatPath, seatsText } from '../plan-view';

/** How many team member seats are left and, when none are, the way to the plan page to get one. */
export function SeatsNotice() {
  const subscription = useSubscription();
  const sub = subscription.data;
  if (!sub) return null;
  const full = !hasRoom(sub.memberAllowed, sub.membersUsed);
  return (
    <Group gap={8} wrap="nowrap" data-testid="seats-left">
      <IconUsers size={16} aria-hidden color="var(--mantine-color-gray-7)" />
      <Text fz="sm">
        {seatsText(sub)}{' '}
        {full && (
          <Anchor component={Link} to={seatPath(sub)} fw={600}>
            {sub.product ? 'Add a seat on the Plan page' : 'Choose a plan with seats'}
          </Anchor>
        )}
      </Text>
    </Group>
  );
}
