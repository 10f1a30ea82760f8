import { Button, Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatMoney, memberCost } from '@shared/billing';
import type { PriceDto } from '@shared/schemas/billing';
import { INTERVAL_WORD } from '../plan-view';

export interface PurchaseLine {
  label: string;
  from: number;
  to: number;
  price: PriceDto;
}

interface ConfirmPurchaseModalProps {
  opened: boolean;
  lines: PurchaseLine[];
  /** The plan's own price per interval, for the new total. */
  planPrice: number;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
}

/** Confirm buying extra projects or team members: what changes, and what the plan then costs. */
export function ConfirmPurchaseModal({
  opened,
  lines,
  planPrice,
  onClose,
  onConfirm,
  loading,
}: ConfirmPurchaseModalProps) {
  const interval = lines[0]?.price.interval ?? 'month';
  const total = planPrice + lines.reduce((sum, l) => sum + memberCost(l.to, l.price.unitAmount), 0);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Confirm your purchase"
      centered
      size={520}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md">
        <Table verticalSpacing="xs" aria-label="Add-ons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Add-on</Table.Th>
              <Table.Th ta="right">Now</Table.Th>
              <Table.Th ta="right">New</Table.Th>
              <Table.Th ta="right">Cost per {INTERVAL_WORD[interval]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.price.id}>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td ta="right">{l.from}</Table.Td>
                <Table.Td ta="right">{l.to}</Table.Td>
                <Table.Td ta="right">{formatMoney(memberCost(l.to, l.price.unitAmount))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>Your plan will cost</Text>
          <Text fw={700} data-testid="purchase-total">
            {formatMoney(total)} / {INTERVAL_WORD[interval]}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          Add-ons are billed with your plan every {INTERVAL_WORD[interval]} until you change them.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={loading} data-autofocus>
            Confirm purchase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
