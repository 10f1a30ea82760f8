import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PROJECT_MESSAGES } from '@shared/schemas/projects';

/** 'Not enough projects': the plan's project allowance is used up; buying more happens on the Plan page. */
export function ProjectLimitModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Not enough projects"
      centered
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="orange">
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Text fz="sm">{PROJECT_MESSAGES.notEnoughCredits}</Text>
        </Group>
        <Text fz="sm" c="dimmed">
          Plans, subscriptions and additional project credits are managed on the Plan page.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button component={Link} to="/plan">
            Go to Plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
