import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BILLING_MESSAGES } from '@shared/billing';
import type { SubscriptionDto } from '@shared/schemas/billing';
import { PROJECT_MESSAGES } from '@shared/schemas/projects';
import { projectPath } from '../plan-view';

interface ProjectLimitModalProps {
  opened: boolean;
  onClose: () => void;
  subscription: SubscriptionDto | undefined;
  /** A team member asks the owner; only owners are offered purchases. */
  isMember: boolean;
}

/**
 * No project credit left, said before any form is filled: an owner chooses between more project credits
 * (Boutique) and a plan with more or unlimited projects, both on the plan page; a team member is told
 * to ask the account owner.
 */
export function ProjectLimitModal({ opened, onClose, subscription, isMember }: ProjectLimitModalProps) {
  const code = subscription?.product?.code ?? 'free';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Not enough projects"
      centered
      size={520}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="orange">
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Text fz="sm">{isMember ? BILLING_MESSAGES.askAdmin : PROJECT_MESSAGES.notEnoughCredits}</Text>
        </Group>
        {!isMember && (
          <Text fz="sm" c="dimmed">
            {code === 'free'
              ? 'Boutique includes three projects and lets you buy more; Bulge-Bracket includes unlimited projects.'
              : 'Buy extra project credits for your Boutique plan, or choose Bulge-Bracket for unlimited projects.'}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {isMember ? 'Close' : 'Not now'}
          </Button>
          {!isMember && subscription && code === 'boutique' && (
            <Button component={Link} to={projectPath(subscription)} variant="light">
              Buy extra projects
            </Button>
          )}
          {!isMember && (
            <Button component={Link} to="/plan">
              {code === 'free' ? 'Choose a plan' : 'Compare plans'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
