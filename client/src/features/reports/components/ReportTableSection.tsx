import { Box, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A titled section of the reports holding a table: what it shows, the text to show when it is
 * empty, and the table in a box of its own height that scrolls, focusable so the keyboard can
 * scroll it too.
 */
export function ReportTableSection({
  title,
  intro,
  empty,
  region,
  testId,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: string | null;
  /** The scrolling box's name. */
  region: string;
  testId: string;
  /** The table, labelled by the section's title (its id is given). */
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={2} fz="md" id={titleId}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {intro}
      </Text>
      {empty !== null ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Box mah={420} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={region}>
          {children(titleId)}
        </Box>
      )}
    </Paper>
  );
}
