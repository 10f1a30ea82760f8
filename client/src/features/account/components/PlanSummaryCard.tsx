import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconFolders, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FREE_PLAN } from '@shared/billing';
import { countText, useSubscription } from '@client/features/billing';
import { AccountPanel } from './AccountPanel';

/** A count for the summary: ∞ for unlimited, a dash while it loads. */
function Count({ value }: { value: number | undefined }) {
  return (
    <Text span fw={700} c={value === undefined ? 'dimmed' : undefined}>
      {value === undefined ? '—' : countText(value)}
    </Text>
  );
}

function UsageRow({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6} data-testid={testId}>
      <Group gap={8} wrap="nowrap" c="dimmed">
        {icon}
        <Text fz="sm" c="dark.5">
          {label}
        </Text>
      </Group>
      <Text fz="sm">{children}</Text>
    </Group>
  );
}

/** The company's plan at a glance (current plan or Free), seats and projects used against allowed, and the way to /plan. */
export function PlanSummaryCard({ canManage }: { canManage: boolean }) {
  const subscription = useSubscription();
  const s = subscription.data;

  return (
    <AccountPanel
      id="plan"
      title="Plan"
      actions={
        <Badge variant="light" color="navy" size="lg" radius="sm" data-testid="plan-name">
          {s?.product?.name ?? FREE_PLAN.name}
        </Badge>
      }
    >
      <Stack gap={0}>
        <UsageRow icon={<IconUsers size={16} />} label="Team members" testId="plan-members">
          <Count value={s?.membersUsed} /> / <Count value={s?.memberAllowed} />
        </UsageRow>
        <UsageRow icon={<IconFolders size={16} />} label="Projects" testId="plan-projects">
          <Count value={s?.projectsUsed} /> / <Count value={s?.projectAllowed} />
        </UsageRow>
      </Stack>
      {s?.cancelAtPeriodEnd && (
        <Text fz="xs" c="orange.9" mt="sm">
          The plan is cancelled and ends at the end of the billing period.
        </Text>
      )}
      <Button component={Link} to="/plan" variant="light" fullWidth mt="md" rightSection={<IconArrowRight size={16} />}>
        {canManage ? 'Upgrade or add seats' : 'See the plan'}
      </Button>
      {!canManage && (
        <Text fz="xs" c="dimmed" mt={4}>
          Your account owner manages the plan.
        </Text>
      )}
    </AccountPanel>
  );
}
