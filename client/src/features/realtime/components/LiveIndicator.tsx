import { Box, Tooltip } from '@mantine/core';
import { useRealtime } from '../hooks/realtime-context';

/** A small dot: green while live updates arrive, grey while they do not. */
export function LiveIndicator() {
  const { connected } = useRealtime();
  const label = connected ? 'Live updates connected' : 'Live updates offline';
  return (
    <Tooltip label={label} withArrow>
      <Box
        role="status"
        aria-label={label}
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          background: connected ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-4)',
          boxShadow: connected ? '0 0 0 3px var(--mantine-color-teal-1)' : 'none',
        }}
      />
    </Tooltip>
  );
}
