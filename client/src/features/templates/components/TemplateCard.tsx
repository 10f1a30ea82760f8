import { Card, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDate } from '@shared/dates';
import { templateCardName } from '@shared/schemas/templates';
import type { TemplateDto } from '@client/lib/api-types';
import { TemplatePreview } from './TemplatePreview';
import classes from './TemplateCard.module.css';

/** A template in the grid: its first page and its name (cut to 30 characters). */
export function TemplateCard({ template, onOpen }: { template: TemplateDto; onOpen: () => void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      className={classes.button}
      aria-label={`Open template ${template.name}`}
      data-testid="template-card"
    >
      <Card withBorder radius="lg" padding={0} className={classes.card}>
        <div className={classes.preview}>
          <TemplatePreview template={template} ratio={4 / 3} />
        </div>
        <Stack gap={2} p="md" className={classes.footer}>
          <Text fw={600} title={template.name}>
            {templateCardName(template.name)}
          </Text>
          <Text fz="xs" c="dimmed">
            {template.pageCount} {template.pageCount === 1 ? 'page' : 'pages'} · added {formatDate(template.created)}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
