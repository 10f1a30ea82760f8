import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ClauseSummary as Summary } from '@shared/clauses';

function Figure({ label, value, detail }: { label: string; value: number; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text fz="sm" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The figures at the top of the clause view: how many clauses, how contested, how much conceded and to whom. */
export function ClauseSummary({ summary }: { summary: Summary }) {
  const to = summary.concededTo.map((c) => `${c.group} (${c.threads})`).join(', ');
  return (
    <SimpleGrid
      component="ul"
      aria-label="Summary"
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      p={0}
      m={0}
      data-testid="clause-summary"
    >
      <Figure label="Clauses" value={summary.clauses} detail={`raised by ${plural(summary.groups, 'group')}`} />
      <Figure label="Pushback" value={summary.pushback} detail="clauses raised by two groups or more" />
      <Figure label="Open" value={summary.open} detail="clauses still under negotiation" />
      <Figure
        label="Conceded"
        value={summary.conceded}
        detail={summary.conceded ? `agreed with ${to}` : 'no wording agreed yet'}
      />
    </SimpleGrid>
  );
}
