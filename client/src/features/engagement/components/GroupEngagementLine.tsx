import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { formatDateTime } from '@shared/dates';
import { ENGAGEMENT_FORMULA, readingTime } from '@shared/engagement';
import type { GroupEngagementDto } from '@shared/schemas/engagement';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A group's reading on the tracker: last seen, documents opened, pages read, time and the score, whose
 * formula a pointer over it shows (the tracker also writes it out once, for every reader).
 */
export function GroupEngagementLine({ figures }: { figures: GroupEngagementDto }) {
  return (
    <Group
      gap="xs"
      px="md"
      py={6}
      wrap="wrap"
      data-testid="group-engagement"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <IconEye size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text fz="xs" c="dimmed" data-testid="group-engagement-figures">
        {figures.lastSeen ? `Last seen ${formatDateTime(figures.lastSeen)}` : 'Not seen yet'} ·{' '}
        {plural(figures.documentsOpened, 'document opened', 'documents opened')} ·{' '}
        {plural(figures.pagesRead, 'page read', 'pages read')}
        {figures.totalSeconds > 0 ? ` · ${readingTime(figures.totalSeconds)}` : ''}
      </Text>
      <Tooltip label={ENGAGEMENT_FORMULA} multiline w={260} withArrow>
        <Badge
          variant="light"
          color={figures.score >= 50 ? 'teal' : figures.score > 0 ? 'navy' : 'gray'}
          data-testid="group-engagement-score"
        >
          Score {figures.score}
        </Badge>
      </Tooltip>
    </Group>
  );
}
