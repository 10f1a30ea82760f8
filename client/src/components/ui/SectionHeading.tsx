import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  title: string;
  description?: ReactNode;
  /** md in forms, lg on cards. */
  size?: 'md' | 'lg';
  id?: string;
  color?: string;
}

/** A section's title (an h2) with its dimmed explanation under it. */
export function SectionHeading({ title, description, size = 'md', id, color }: SectionHeadingProps) {
  return (
    <Stack gap={size === 'md' ? 4 : 2} style={{ minWidth: 0 }}>
      <Title order={2} fz={size} id={id} c={color}>
        {title}
      </Title>
      {description && (
        <Text fz="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
