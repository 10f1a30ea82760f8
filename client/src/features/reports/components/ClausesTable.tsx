import { Box, Paper, Table, Text, Title } from '@mantine/core';
import type { ReportBreakdownDto } from '@client/lib/api-types';

/**
 * The clauses negotiated in the reports' scope, as each project's clause view groups them: how many
 * groups raised each and where its threads stand. The clauses most groups push back on come first.
 */
export function ClausesTable({ breakdown }: { breakdown: ReportBreakdownDto }) {
  const { clauses, clausesTotal } = breakdown;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="report-clauses-title" data-testid="report-clauses">
      <Title order={2} fz="md" id="report-clauses-title">
        Clauses negotiated across groups
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Comment threads grouped by the clause they concern, the clauses raised by the most groups first.
        {clausesTotal > clauses.length && ` The first ${clauses.length} of ${clausesTotal} clauses are shown.`}
      </Text>
      {clauses.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No clause has been negotiated in these projects yet.
        </Text>
      ) : (
        // Scrolls within its box; focusable, so the keyboard can scroll it too.
        <Box mah={420} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Clauses">
          <Table striped verticalSpacing="xs" aria-labelledby="report-clauses-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Clause</Table.Th>
                <Table.Th ta="right">Groups</Table.Th>
                <Table.Th ta="right">Threads</Table.Th>
                <Table.Th ta="right">Open</Table.Th>
                <Table.Th ta="right">Agreed</Table.Th>
                <Table.Th ta="right">Rejected</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clauses.map((c, i) => (
                <Table.Tr key={`${c.project}-${c.page}-${i}`} data-testid="report-clause">
                  <Table.Td maw={360}>
                    <Text fz="sm" lineClamp={2}>
                      {c.quote ? `“${c.quote}”` : `Pointers on page ${c.page}`}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {c.projectName}, page {c.page}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" ta="right" data-testid="clause-groups">
                    {c.groups}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {c.threads}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {c.open}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {c.agreed}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {c.rejected}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
