import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PlaceholderPanelProps {
  icon: ReactNode;
  title: string;
  /** What this area will hold, said plainly. */
  children: ReactNode;
}

/** An area of the product that is not built yet, saying what it will be. */
export function PlaceholderPanel({ icon, title, children }: PlaceholderPanelProps) {
  return (
    <Paper withBorder p="xl" shadow="xs">
      <Stack align="center" gap="sm" py="xl" maw={560} mx="auto" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="navy">
          {icon}
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{children}</Text>
      </Stack>
    </Paper>
  );
}
