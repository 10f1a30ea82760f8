import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileInvoice } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '@shared/billing';
import type { SubscriptionDto } from '@shared/schemas/billing';
import { countText, INTERVAL_ADVERB, INTERVAL_WORD, type PlanState } from '../plan-view';
import { InvoicesModal } from './InvoicesModal';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {children}
      </Text>
    </Stack>
  );
}

/** Billing: what the plan costs per interval, seats and projects used against allowed, and the invoices. */
export function BillingBlock({
  subscription,
  state,
  canManage,
}: {
  subscription: SubscriptionDto;
  state: PlanState;
  canManage: boolean;
}) {
  const [invoicesOpened, invoices] = useDisclosure(false);
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby="billing-title">
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={2} fz="lg" id="billing-title">
          Billing
        </Title>
        {canManage && (
          <Button variant="light" leftSection={<IconFileInvoice size={18} />} onClick={invoices.open}>
            View Invoices
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        <Figure label={state.paid ? `Billed ${INTERVAL_ADVERB[state.interval]}` : 'Billed'} testId="billed">
          {state.paid ? `${formatMoney(state.total)} / ${INTERVAL_WORD[state.interval]}` : formatMoney(0)}
        </Figure>
        <Figure label="Team Members" testId="members-usage">
          {countText(subscription.membersUsed)} / {countText(subscription.memberAllowed)}
        </Figure>
        <Figure label="Projects" testId="projects-usage">
          {countText(subscription.projectsUsed)} / {countText(subscription.projectAllowed)}
        </Figure>
      </SimpleGrid>
      {canManage && <InvoicesModal opened={invoicesOpened} onClose={invoices.close} />}
    </Paper>
  );
}
