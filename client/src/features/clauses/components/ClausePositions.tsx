import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { matchPlaybook, type PlaybookEntry, playbookMatchLabel } from '@shared/playbook';
import type { OverviewClause } from '../api/overview';

const names = (groups: Array<{ groupName: string }>) => groups.map((g) => g.groupName).join(', ');

/** How a clause's threads stand, in three counts. */
export function ClauseCounts({ counts }: { counts: OverviewClause['counts'] }) {
  return (
    <Group gap={6} data-testid="clause-counts" aria-label="Where its threads stand">
      <Badge variant="light" color="yellow" tt="none">
        {counts.open} open
      </Badge>
      <Badge variant="light" color="green" tt="none">
        {counts.agreed} agreed
      </Badge>
      <Badge variant="light" color="red" tt="none">
        {counts.rejected} rejected
      </Badge>
    </Group>
  );
}

/** The distinct wordings proposed or agreed on a clause, each with the groups holding it. */
export function ClausePositions({
  positions,
  playbook,
}: {
  positions: OverviewClause['positions'];
  /** The clause's playbook entry: each wording is marked within or outside it. */
  playbook?: PlaybookEntry;
}) {
  if (!positions.length) return null;
  return (
    <Stack component="ul" gap={6} p={0} m={0} aria-label="Positions on this clause">
      {positions.map((p) => (
        <Paper
          key={p.wording}
          component="li"
          withBorder
          radius="sm"
          p="xs"
          style={{ listStyle: 'none' }}
          data-testid="clause-position"
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="position-wording">
              {p.wording}
            </Text>
            {playbook && (
              <Badge size="sm" tt="none" variant="light" color="violet" data-testid="position-playbook">
                {playbookMatchLabel(matchPlaybook(playbook, p.wording))}
              </Badge>
            )}
          </Group>
          <Text fz="xs" c="dimmed" data-testid="position-groups">
            {p.groups.length === 1 ? 'Held by' : `Held by ${p.groups.length} groups:`} {names(p.groups)}
            {p.agreed.length > 0 && ` · agreed with ${names(p.agreed)}`}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
