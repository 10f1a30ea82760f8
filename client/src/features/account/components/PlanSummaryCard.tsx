import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconFolders, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, UNLIMITED } from '../../../../../shared/plans';
import { trpc } from '../../../lib/trpc';
import { AccountPanel } from './AccountPanel';

/** A count for the summary: ∞ for unlimited, a dash (with why) when this page cannot know it yet. */
function Count({ value, unknownReason }: { value: number | null; unknownReason: string }) {
  if (value === null) {
    return (
      <Tooltip label={unknownReason} withArrow multiline w={240}>
        <Text span fw={700} c="dimmed" tabIndex={0} aria-label={`Unknown: ${unknownReason}`} style={{ cursor: 'help' }}>
          —
        </Text>
      </Tooltip>
    );
  }
  return (
    <Text span fw={700}>
      {value === UNLIMITED ? '∞' : value}
    </Text>
  );
}

function UsageRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6}>
      <Group gap={8} wrap="nowrap" c="dimmed">
        {icon}
        <Text fz="sm" c="dark.5">
          {label}
        </Text>
      </Group>
      <Text fz="sm">
        {children}
      </Text>
    </Group>
  );
}

const SEATS_UNKNOWN = 'Seats bought as add-ons are counted here once billing is connected.';
const PROJECTS_UNKNOWN = 'The number of projects in use appears here with the projects area.';

/**
 * The company's plan at a glance, linking to /plan. Billing is not connected: every company is on the
 * Free plan. What the server does not tell this page (purchased seats, projects in use) shows as a
 * dash with the reason, never as a guess.
 */
export function PlanSummaryCard({ canManage }: { canManage: boolean }) {
  const company = trpc.account.company.useQuery();
  const members = trpc.members.list.useQuery();
  const product = company.data?.activeSubscription?.product.name;
  const plan = PLANS.free;
  const membersUsed = members.data ? members.data.length : null;

  return (
    <AccountPanel
      id="plan"
      title="Plan"
      actions={
        <Badge variant="light" color="navy" size="lg" radius="sm">
          {product ?? 'Free'}
        </Badge>
      }
    >
      <Stack gap={0}>
        <UsageRow icon={<IconUsers size={16} />} label="Team members">
          <Count value={membersUsed} unknownReason="Loading…" /> / <Count value={null} unknownReason={SEATS_UNKNOWN} />
        </UsageRow>
        <UsageRow icon={<IconFolders size={16} />} label="Projects">
          <Count value={null} unknownReason={PROJECTS_UNKNOWN} /> / <Count value={plan.projects} unknownReason="" />
        </UsageRow>
      </Stack>
      <Text fz="xs" c="dimmed" mt="sm">
        {product
          ? `You are on the ${product} plan.`
          : `The Free plan includes ${plan.projects} projects and no team member seats.`}
      </Text>
      {canManage ? (
        <Button component={Link} to="/plan" variant="light" fullWidth mt="md" rightSection={<IconArrowRight size={16} />}>
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
