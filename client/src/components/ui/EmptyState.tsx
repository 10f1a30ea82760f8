import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  /** What belongs here and how it gets here, said plainly. */
  children?: ReactNode;
  /** The call to action that fills it, if the user may. */
  action?: ReactNode;
  /** Inside a panel that has its own border: no frame of its own. */
  bare?: boolean;
  'data-testid'?: string;
}

/** A place with nothing in it yet (a list, a group without an NDA): an icon, a heading, a word on what comes here. */
export function EmptyState({ icon, title, children, action, bare, 'data-testid': testId }: EmptyStateProps) {
  const body = (
    <Stack align="center" ta="center" gap="sm" py="lg" data-testid={bare ? testId : undefined}>
      <ThemeIcon size={56} radius="xl" variant="light" color="navy">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" maw={520}>
          {children}
        </Text>
      )}
      {action && <Stack mt="xs">{action}</Stack>}
    </Stack>
  );
  if (bare) return body;
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      {body}
    </Paper>
  );
}
