import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** The confirmation the project page shows once the send modal has closed. */
export function sentMessage(count: number, groupName: string): string {
  return `NDA sent to ${groupName}: ${count === 1 ? 'the recipient has' : `${count} recipients have`} been e-mailed.`;
}

/** What the send modal shows for its last three seconds. */
export function SentConfirmation({ count }: { count: number }) {
  return (
    <Stack align="center" gap="sm" py="lg" ta="center" role="status">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={38} />
      </ThemeIcon>
      <Title order={3} fz="lg">
        NDA sent
      </Title>
      <Text c="dimmed" fz="sm">
        {count === 1 ? 'The recipient has' : `${count} recipients have`} been e-mailed a link to review and sign it.
      </Text>
    </Stack>
  );
}
