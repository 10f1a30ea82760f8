import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only value with its label; an empty value shows a dash. */
export function DetailItem({ label, value }: { label: string; value: ReactNode }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed" style={{ letterSpacing: '0.05em' }}>
        {label}
      </Text>
      {typeof value === 'string' || empty ? (
        <Text fw={500} c={empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {empty ? '—' : value}
        </Text>
      ) : (
        value
      )}
    </Stack>
  );
}
