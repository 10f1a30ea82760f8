import { Badge, Group, Table, Text } from '@mantine/core';
import { formatShortDate } from '@shared/dates';
import { formatDuration } from '@shared/reports';
import type { ReportBreakdownDto } from '@client/lib/api-types';
import { ndaStatusColor } from '@client/features/tracker';
import { ReportTableSection } from './ReportTableSection';

/**
 * Each group in the reports' scope: its NDA by name with where it stands, and how long it took from
 * sending to signature.
 */
export function GroupTimesTable({ breakdown }: { breakdown: ReportBreakdownDto }) {
  const { groups, groupsTotal } = breakdown;
  return (
    <ReportTableSection
      title="Time to sign by group"
      intro={`From the first sending of each group’s NDA to its signature.${
        groupsTotal > groups.length
          ? ` The first ${groups.length} of ${groupsTotal} groups are shown; the NDA statuses export lists them all.`
          : ''
      }`}
      empty={groups.length === 0 ? 'There are no recipient groups in these projects.' : null}
      region="Groups"
      testId="report-groups"
    >
      {(titleId) => (
        <Table striped verticalSpacing="xs" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>NDA</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Signed</Table.Th>
              <Table.Th>Time to sign</Table.Th>
              <Table.Th ta="right">Threads (open)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={g.id} data-testid={`report-group-${g.id}`}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {g.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {g.projectName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fz="sm" lineClamp={2} data-testid="group-nda-name">
                      {g.ndaName ?? '–'}
                    </Text>
                    <Badge color={ndaStatusColor(g.status)} variant="light" miw="max-content">
                      {g.status}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td fz="sm">{formatShortDate(g.sentAt)}</Table.Td>
                <Table.Td fz="sm">{formatShortDate(g.signedAt)}</Table.Td>
                <Table.Td fz="sm" data-testid="time-to-sign">
                  {g.timeToSign ? formatDuration(g.timeToSign) : '–'}
                </Table.Td>
                <Table.Td fz="sm" ta="right">
                  {g.threads} ({g.openThreads})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ReportTableSection>
  );
}
