import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from '@client/components/ui/UserAvatar';
import type { CurrentUser } from '@client/lib/router-types';
import { useLogout } from '@client/features/auth';

export function ProfileMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { logout } = useLogout();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu" style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={36} />
            <Text fz="sm" fw={600} visibleFrom="lg" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="dark" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/account')}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
