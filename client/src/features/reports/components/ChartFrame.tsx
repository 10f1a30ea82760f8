import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface ChartTable {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * A chart as a titled figure: its name is the figure's accessible name, and its figures are also
 * given as a table for screen readers (the drawing itself is not read out).
 */
export function ChartFrame({
  title,
  description,
  table,
  testId,
  children,
}: {
  title: string;
  description?: string;
  table: ChartTable;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" component="figure" m={0} aria-labelledby={titleId} data-testid={testId}>
      <Title order={2} fz="md" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text component="figcaption" fz="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
