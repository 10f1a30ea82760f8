import { Anchor, Badge, Blockquote, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { clauseLabel } from '@shared/clause-attach';
import type { PlaybookEntry } from '@shared/playbook';
import { possessive } from '@shared/possessive';
import { StatusBadge } from '@client/features/negotiation';
import { PlaybookEditor } from '@client/features/playbook';
import type { OverviewClause, OverviewThread } from '../api/overview';
import { threadPath } from '../thread-link';
import { BulkMove } from './BulkMove';
import { ClauseCounts, ClausePositions } from './ClausePositions';

/** The heading of a clause: its number and heading in the NDA, else where its threads point. */
function clauseTitle(clause: OverviewClause): string {
  if (clause.key !== null)
    return clauseLabel({ key: clause.key, number: clause.number, heading: clause.heading }) || `Page ${clause.page}`;
  return clause.quote ? `Page ${clause.page}: “${clause.quote}”` : `Pointer on page ${clause.page}`;
}

/**
 * One clause: its place in the NDA, the groups that raised it, the wordings they hold, how its threads
 * stand, and each group's thread on it.
 */
export function ClauseCard({
  clause,
  projectId,
  headingId,
  playbook,
}: {
  clause: OverviewClause;
  projectId: number;
  headingId: string;
  /** The project's playbook, once loaded. */
  playbook: PlaybookEntry[] | undefined;
}) {
  const groups = clause.groups.length;
  const [editing, setEditing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const entry = clause.key !== null ? playbook?.find((p) => p.key === clause.key) : undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="clause"
      data-page={clause.page}
      data-key={clause.key ?? undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" id={headingId} style={{ minWidth: 0 }}>
            {clauseTitle(clause)}
          </Title>
          <Badge variant="light" color={groups > 1 ? 'orange' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
            {groups === 1 ? '1 group' : `${groups} groups`}
          </Badge>
        </Group>
        <Text fz="sm" data-testid="clause-groups">
          Raised by {clause.groups.map((g) => g.groupName).join(', ')}
        </Text>
        <ClauseCounts counts={clause.counts} />
        <ClausePositions positions={clause.positions} playbook={entry} />
        {clause.key !== null && playbook && (
          <Group gap="xs">
            <Button size="compact-sm" variant="light" color="violet" onClick={() => setEditing(true)}>
              {entry ? 'Edit playbook' : 'Add to playbook'}
            </Button>
            {clause.counts.open > 0 && (
              <Button size="compact-sm" variant="light" onClick={() => setAnswering((v) => !v)}>
                {answering ? 'Close' : 'Answer open threads'}
              </Button>
            )}
            {editing && (
              <PlaybookEditor
                owner={{ projectId }}
                clauseKey={clause.key}
                title={clauseTitle(clause)}
                playbook={playbook}
                opened
                onClose={() => setEditing(false)}
              />
            )}
          </Group>
        )}
        {answering && <BulkMove projectId={projectId} clause={clause} playbook={entry} />}
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Threads on this clause">
          {clause.threads.map((thread) => (
            <ClauseThread key={thread.id} thread={thread} projectId={projectId} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ClauseThread({ thread, projectId }: { thread: OverviewThread; projectId: number }) {
  return (
    <Paper
      component="li"
      bg="var(--mantine-color-gray-0)"
      radius="sm"
      p="sm"
      style={{ listStyle: 'none' }}
      data-testid="clause-thread"
      data-thread={thread.id}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={700} fz="sm" data-testid="clause-group">
            {thread.groupName}
          </Text>
          <StatusBadge status={thread.negotiationStatus} />
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
          <Text span fz="sm" c="dimmed">
            {thread.author}:{' '}
          </Text>
          {thread.text}
        </Text>
        {thread.proposal && (
          <Blockquote color="navy" p="xs" fz="sm" data-testid="clause-proposal">
            <Text span fz="sm" fw={700}>
              Proposed wording:{' '}
            </Text>
            {thread.proposal}
          </Blockquote>
        )}
        <Anchor component={Link} to={threadPath(projectId, thread)} fz="sm" w="fit-content">
          <Group gap={4} component="span">
            Open the thread in {possessive(thread.groupName)} NDA
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}
