import { Badge, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';

/** How many of a group's comment threads are still open; nothing when none is. */
export function OpenThreadsBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Tooltip label={`${count} open comment threads`}>
      <Badge variant="light" color="yellow" leftSection={<IconMessageCircle size={12} />}>
        {count}
      </Badge>
    </Tooltip>
  );
}
