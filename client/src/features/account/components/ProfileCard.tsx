import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuilding, IconCamera, IconMail, IconMapPin } from '@tabler/icons-react';
import { formatDate } from '@shared/dates';
import type { ReactNode } from 'react';
import { UserAvatar } from '@client/components/ui/UserAvatar';
import type { CurrentUser } from '@client/lib/router-types';
import { ChangePictureModal } from './ChangePictureModal';

const ROLE_LABEL: Record<CurrentUser['role'], string> = {
  owner: 'Account owner',
  member: 'Team member',
  signer: 'Signer',
};

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" c="dimmed">
      {icon}
      <Text fz="sm" c="dark.5" truncate>
        {children}
      </Text>
    </Group>
  );
}

/** Who is signed in: photo or initials, name, role and the facts that identify them. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const [pictureOpened, picture] = useDisclosure(false);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Paper withBorder p="lg" shadow="xs">
      <Stack align="center" gap="sm" ta="center">
        <UserAvatar user={user} size={96} radius={999} fz={30} />
        <Button variant="light" size="compact-sm" leftSection={<IconCamera size={14} />} onClick={picture.open}>
          Upload Photo
        </Button>
        <Stack gap={4} align="center" mt={4} maw="100%">
          <Title order={2} fz={22} style={{ overflowWrap: 'anywhere' }}>
            {name || user.email}
          </Title>
          <Badge variant="light" color={user.role === 'owner' ? 'navy' : 'gray'}>
            {ROLE_LABEL[user.role]}
          </Badge>
        </Stack>
      </Stack>
      <Divider my="md" />
      <Stack gap={8}>
        <Fact icon={<IconMail size={16} />}>{user.email}</Fact>
        {user.companyName && <Fact icon={<IconBuilding size={16} />}>{user.companyName}</Fact>}
        {user.location && <Fact icon={<IconMapPin size={16} />}>{user.location}</Fact>}
      </Stack>
      <Text fz="xs" c="dimmed" mt="md">
        Member since {formatDate(user.createdAt)}
      </Text>
      <ChangePictureModal user={user} opened={pictureOpened} onClose={picture.close} />
    </Paper>
  );
}
