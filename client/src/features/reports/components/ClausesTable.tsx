import { Table, Text } from '@mantine/core';
import type { ReportBreakdownDto } from '@client/lib/api-types';
import { ReportTableSection } from './ReportTableSection';

/**
 * The clauses negotiated in the reports' scope, as each project's clause view groups them: how many
 * groups raised each and where its threads stand. The clauses most groups push back on come first.
 */
export function ClausesTable({ breakdown }: { breakdown: ReportBreakdownDto }) {
  const { clauses, clausesTotal } = breakdown;
  return (
    <ReportTableSection
      title="Clauses negotiated across groups"
      intro={`Comment threads grouped by the clause they concern, the clauses raised by the most groups first.${
        clausesTotal > clauses.length ? ` The first ${clauses.length} of ${clausesTotal} clauses are shown.` : ''
      }`}
      empty={clauses.length === 0 ? 'No clause has been negotiated in these projects yet.' : null}
      region="Clauses"
      testId="report-clauses"
    >
      {(titleId) => (
        <Table striped verticalSpacing="xs" aria-labelledby={titleId}>
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
      )}
    </ReportTableSection>
  );
}
