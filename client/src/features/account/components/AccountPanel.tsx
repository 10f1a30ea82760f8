import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionHeading } from '@client/components/ui/SectionHeading';

interface AccountPanelProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title (Edit, Add...). */
  actions?: ReactNode;
  children?: ReactNode;
  id?: string;
  /** 'danger' frames irreversible actions. */
  tone?: 'default' | 'danger';
}

/** One section of the account page: a titled card with its actions. */
export function AccountPanel({ title, description, actions, children, id, tone = 'default' }: AccountPanelProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-2)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={children ? 'md' : 0} gap="sm">
        <SectionHeading
          title={title}
          description={description}
          size="lg"
          id={headingId}
          color={tone === 'danger' ? 'red.8' : undefined}
        />
        {actions && (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
