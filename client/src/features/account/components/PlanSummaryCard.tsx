import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconFolders, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, UNLIMITED } from '@shared/plans';
import { trpc } from '@client/lib/trpc';
import { AccountPanel } from './AccountPanel';

/** A count for the summary: ∞ for unlimited, a dash while it loads. */
function Count({ value }: { value: number | undefined }) {
  return (
    <Text span fw={700} c={value === undefined ? 'dimmed' : undefined}>
      {value === undefined ? '—' : value === UNLIMITED ? '∞' : value}
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

/** "2 projects", "1 team member seat": what the plan allows, in words. */
function allowed(count: number, noun: string): string {
  if (count === UNLIMITED) return `unlimited ${noun}s`;
  return `${count === 0 ? 'no' : count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The company's plan at a glance, as the server counts it: seats and projects used against allowed. */
export function PlanSummaryCard({ canManage }: { canManage: boolean }) {
  const usage = trpc.account.planUsage.useQuery();
  const u = usage.data;

  return (
    <AccountPanel
      id="plan"
      title="Plan"
      actions={
        <Badge variant="light" color="navy" size="lg" radius="sm">
          {u?.plan ?? PLANS.free.name}
        </Badge>
      }
    >
      <Stack gap={0}>
        <UsageRow icon={<IconUsers size={16} />} label="Team members" testId="plan-members">
          <Count value={u?.members.used} /> / <Count value={u?.members.allowed} />
        </UsageRow>
        <UsageRow icon={<IconFolders size={16} />} label="Projects" testId="plan-projects">
          <Count value={u?.projects.used} /> / <Count value={u?.projects.allowed} />
        </UsageRow>
      </Stack>
      {u && (
        <Text fz="xs" c="dimmed" mt="sm">
          Your plan allows {allowed(u.projects.allowed, 'project')} and {allowed(u.members.allowed, 'team member seat')}
          .
        </Text>
      )}
      {canManage ? (
        <Button
          component={Link}
          to="/plan"
          variant="light"
          fullWidth
          mt="md"
          rightSection={<IconArrowRight size={16} />}
        >
          Upgrade or add seats
        </Button>
      ) : (
        <Text fz="xs" c="dimmed" mt={4}>
          Your account owner manages the plan.
        </Text>
      )}
    </AccountPanel>
  );
}
