import { Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { threadOutcome } from '@shared/clauses';
import type { PlaybookEntry } from '@shared/playbook';
import { notifyError, notifyInfo, notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import type { OverviewClause } from '../api/overview';
import { useNegotiationBulk } from '../api/bulk';

type Choice = 'approve' | 'reject' | 'text' | `playbook-${number}`;

const count = (n: number) => (n === 1 ? '1 group' : `${n} groups`);

/** What the button says will happen: "Propose fallback 1 to 14 groups". */
function actionLabel(choice: Choice, groups: number): string {
  if (choice === 'approve') return `Approve for ${count(groups)}`;
  if (choice === 'reject') return `Reject for ${count(groups)}`;
  if (choice === 'text') return `Propose this wording to ${count(groups)}`;
  const position = Number(choice.slice('playbook-'.length));
  return `Propose ${position === 0 ? 'the preferred wording' : `fallback ${position}`} to ${count(groups)}`;
}

/**
 * Answers the chosen open threads of a clause, across groups, with one move. `prefill` (an offer from the
 * consistency flag) starts it as a counter-proposal of that wording to those threads.
 */
export function BulkMove({
  projectId,
  clause,
  playbook,
  prefill,
}: {
  projectId: number;
  clause: OverviewClause;
  playbook: PlaybookEntry | undefined;
  prefill?: { wording: string; threads: number[] };
}) {
  const open = clause.threads.filter((t) => threadOutcome(t.negotiationStatus) === 'open');
  const [selected, setSelected] = useState<number[]>(() => prefill?.threads ?? open.map((t) => t.id));
  const [choice, setChoice] = useState<Choice>(prefill ? 'text' : playbook?.preferred ? 'playbook-0' : 'text');
  const [wording, setWording] = useState(prefill?.wording ?? '');
  const [reply, setReply] = useState('');
  const bulk = useNegotiationBulk(projectId);
  const chosen = open.filter((t) => selected.includes(t.id));
  const groups = new Set(chosen.map((t) => t.projectBranch)).size;
  const options = [
    ...(playbook?.preferred ? [{ value: 'playbook-0', label: `Preferred: ${playbook.preferred}` }] : []),
    ...(playbook?.fallbacks ?? []).map((f, i) => ({ value: `playbook-${i + 1}`, label: `Fallback ${i + 1}: ${f}` })),
    { value: 'text', label: 'Other wording' },
    { value: 'approve', label: 'Approve' },
    { value: 'reject', label: 'Reject' },
  ];
  const send = () => {
    const position = choice.startsWith('playbook-') ? Number(choice.slice('playbook-'.length)) : undefined;
    const move = choice === 'approve' || choice === 'reject' ? choice : 'propose';
    bulk.mutate(
      {
        id: projectId,
        threads: chosen.map((t) => t.id),
        move,
        ...(choice === 'text' ? { proposal: wording.trim() } : {}),
        ...(position !== undefined ? { playbookPosition: position } : {}),
        ...(reply.trim() ? { reply: reply.trim() } : {}),
      },
      {
        onSuccess: ({ results }) => {
          const failed = results.filter((r) => !r.ok);
          const done = results.length - failed.length;
          if (!failed.length) notifySuccess(`Sent to ${done} ${done === 1 ? 'thread' : 'threads'}.`);
          else
            notifyInfo(
              failed
                .map(
                  (r) =>
                    `${open.find((t) => t.id === r.thread)?.groupName ?? `Thread ${r.thread}`}: ${r.error?.message}`,
                )
                .join('\n'),
              `Sent to ${done}; ${failed.length} could not be answered`,
            );
        },
        onError: (err) => notifyError(errorMessageOf(err)),
      },
    );
  };
  if (!open.length) return null;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="bulk-move">
      <Stack gap="xs">
        <Checkbox.Group
          label="Open threads to answer"
          value={selected.map(String)}
          onChange={(v) => setSelected(v.map(Number))}
        >
          <Group gap="md" mt={4}>
            {open.map((t) => (
              <Checkbox key={t.id} value={String(t.id)} label={t.groupName} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label="Move"
          data={options}
          value={choice}
          onChange={(v) => v && setChoice(v as Choice)}
          allowDeselect={false}
        />
        {choice === 'text' && (
          <Textarea
            label="Wording"
            autosize
            minRows={2}
            value={wording}
            onChange={(e) => setWording(e.currentTarget.value)}
          />
        )}
        <Textarea label="Reply (optional)" autosize value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
        <Text fz="xs" c="dimmed">
          Each group receives its own reply in its own thread.
        </Text>
        <Group justify="flex-end">
          <Button
            onClick={send}
            loading={bulk.isPending}
            disabled={!chosen.length || (choice === 'text' && !wording.trim())}
          >
            {actionLabel(choice, groups)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
