import { Badge } from '@mantine/core';
import { statusLabel } from '../status-labels';

/** A thread's negotiation status as a coloured badge; long labels wrap instead of being cut. */
export function StatusBadge({ status, mt }: { status: string; mt?: number }) {
  const { label, color } = statusLabel(status);
  return (
    <Badge
      color={color}
      variant="light"
      size="sm"
      radius="sm"
      mt={mt}
      tt="none"
      fw={600}
      h="auto"
      py={2}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
      data-testid="thread-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}
