import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import { clauseLabel } from '@shared/clause-attach';
import type { DocumentClause } from '@shared/clause-split';
import type { PlaybookEntry } from '@shared/playbook';
import type { PlaybookOwner } from '../api/playbook';
import { PlaybookEditor } from './PlaybookEditor';

/** A clause as its playbook row names it: "§ 9 Governing Law", else its first words. */
function titleOf(clause: DocumentClause): string {
  return clauseLabel(clause) || `${clause.text.split(/\s+/).slice(0, 8).join(' ')}…`;
}

/**
 * Every clause of a document with its playbook entry (preferred wording, how many fallbacks, the
 * walk-away note), each edited in the playbook's dialog: a template's playbook, clause by clause.
 */
export function PlaybookClauseList({
  owner,
  clauses,
  playbook,
  canEdit,
}: {
  owner: PlaybookOwner;
  clauses: DocumentClause[];
  playbook: PlaybookEntry[];
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState<DocumentClause | null>(null);
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Clauses and their playbook" style={{ listStyle: 'none' }}>
      {clauses.map((clause) => {
        const entry = playbook.find((e) => e.key === clause.key);
        return (
          <Paper component="li" key={clause.key} withBorder radius="md" p="md" data-testid="playbook-clause">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} fz="md">
                  {titleOf(clause)}
                </Title>
                {canEdit && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconBook2 size={14} />}
                    onClick={() => setEditing(clause)}
                    aria-label={`${entry ? 'Edit playbook' : 'Add to playbook'}: ${titleOf(clause)}`}
                  >
                    {entry ? 'Edit playbook' : 'Add to playbook'}
                  </Button>
                )}
              </Group>
              <Text fz="sm" c="dimmed" lineClamp={2}>
                {clause.text}
              </Text>
              {entry ? (
                <Stack gap={2} data-testid="playbook-entry">
                  {entry.preferred && (
                    <Text fz="sm">
                      <Text span fw={600}>
                        Preferred:
                      </Text>{' '}
                      {entry.preferred}
                    </Text>
                  )}
                  {entry.fallbacks.length > 0 && (
                    <Text fz="sm">
                      <Text span fw={600}>
                        Fallbacks:
                      </Text>{' '}
                      {entry.fallbacks.map((f, i) => `${i + 1}. ${f}`).join('  ')}
                    </Text>
                  )}
                  {entry.walkAway && (
                    <Text fz="sm">
                      <Text span fw={600}>
                        Walk away:
                      </Text>{' '}
                      {entry.walkAway}
                    </Text>
                  )}
                </Stack>
              ) : (
                <Text fz="sm" c="dimmed">
                  No playbook position yet.
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {editing && (
        <PlaybookEditor
          owner={owner}
          clauseKey={editing.key}
          title={titleOf(editing)}
          playbook={playbook}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
