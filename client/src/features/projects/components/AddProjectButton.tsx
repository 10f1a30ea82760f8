import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasRoom } from '@shared/billing';
import { useCurrentUser } from '@client/features/auth';
import { leftText, ProjectLimitModal, useSubscription } from '@client/features/billing';

interface AddProjectButtonProps {
  /** The role may not start projects (the button stays, disabled). */
  disabled?: boolean;
  icon?: ReactNode;
  /** Where the button and its credits line sit in their column. */
  align?: 'flex-end' | 'center';
}

/**
 * Add project, with the project credits left under it. With none left it opens the plan's limit
 * dialog instead of the form, so nobody fills in a project that cannot be created.
 */
export function AddProjectButton({
  disabled,
  icon = <IconPlus size={18} />,
  align = 'flex-end',
}: AddProjectButtonProps) {
  const user = useCurrentUser();
  const subscription = useSubscription({ enabled: !disabled });
  const [opened, modal] = useDisclosure(false);
  const sub = subscription.data;
  const full = sub ? !hasRoom(sub.projectAllowed, sub.projectsUsed) : false;
  return (
    <Stack gap={4} align={align}>
      <Button
        component={Link}
        to="/add-project"
        leftSection={icon}
        disabled={disabled}
        onClick={(e) => {
          if (disabled || full) e.preventDefault();
          if (!disabled && full) modal.open();
        }}
      >
        Add project
      </Button>
      {sub && !disabled && (
        <Text fz="xs" c="dimmed" data-testid="projects-left">
          {leftText(sub.projectAllowed, sub.projectsUsed, 'project')}
        </Text>
      )}
      <ProjectLimitModal opened={opened} onClose={modal.close} subscription={sub} isMember={user?.isMember ?? false} />
    </Stack>
  );
}
