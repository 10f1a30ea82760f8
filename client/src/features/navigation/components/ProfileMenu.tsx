import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
        {/* Named by what it shows (the user's name, when wide enough) followed by what it opens. */}
        <UnstyledButton style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={36} aria-hidden="true" />
            <Text fz="sm" fw={600} visibleFrom="lg" maw={160} truncate>
              {name}
            </Text>
            <VisuallyHidden>Profile menu</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text component="div" fz="sm" fw={600} c="dark" truncate>
            {name}
          </Text>
          <Text component="div" fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/account')}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} c="red" onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
