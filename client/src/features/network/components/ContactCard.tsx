import { ActionIcon, Avatar, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

export interface PersonLike {
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string;
}

export function personName(p: PersonLike): string {
  return `${p.firstName} ${p.lastName}`.trim() || '-';
}

function initials(p: PersonLike): string {
  const i = `${p.firstName.trim().charAt(0)}${p.lastName.trim().charAt(0)}`;
  return (i || p.email.charAt(0)).toUpperCase();
}

/** A person of My Network: avatar initials, name ('-' when missing), e-mail. */
export function ContactCard({
  person,
  onEdit,
  onDelete,
  badge,
}: {
  person: PersonLike;
  onEdit?: () => void;
  onDelete?: () => void;
  badge?: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="contact-card">
      <Stack align="center" gap="xs" ta="center" pos="relative">
        {(onEdit || onDelete) && (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                pos="absolute"
                top={-8}
                right={-8}
                aria-label={`Actions for ${personName(person)}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onEdit && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                  Edit
                </Menu.Item>
              )}
              {onDelete && (
                <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        <Avatar size={64} radius="xl" color="navy" variant="light">
          {initials(person)}
        </Avatar>
        <Stack gap={0} w="100%">
          <Text fw={650} truncate title={personName(person)}>
            {personName(person)}
          </Text>
          <Text fz="sm" c="dimmed" truncate title={person.email}>
            {person.email}
          </Text>
          {person.companyName && (
            <Text fz="xs" c="dimmed" truncate mt={4}>
              {person.companyName}
            </Text>
          )}
        </Stack>
        {badge && <Group justify="center">{badge}</Group>}
      </Stack>
    </Card>
  );
}
