import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface DocumentCardProps {
  title: string;
  icon: ReactNode;
  /** The document's name, or null when there is none. */
  name: string | null;
  detail?: ReactNode;
  empty: string;
  badge?: { label: string; color: string } | null;
  actions?: ReactNode;
  testId?: string;
}

/** A card of the dashboard's top row: one document of the project (NDA, teaser, CIM) and what can be done with it. */
export function DocumentCard({ title, icon, name, detail, empty, badge, actions, testId }: DocumentCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={40} radius="md">
              {icon}
            </ThemeIcon>
            <Title order={2} fz="md">
              {title}
            </Title>
          </Group>
          {badge && (
            <Badge variant="light" color={badge.color}>
              {badge.label}
            </Badge>
          )}
        </Group>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={name ? 600 : 400} c={name ? undefined : 'dimmed'} truncate title={name ?? undefined}>
            {name ?? empty}
          </Text>
          {detail && (
            <Text fz="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" mt="auto" pt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
