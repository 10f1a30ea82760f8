import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PlaybookEntry } from '@shared/playbook';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { type PlaybookOwner, useSaveClausePlaybook } from '../api/playbook';

/** Edits one clause's playbook entry in a dialog: preferred wording, fallbacks (one a line), walk-away, guidance. */
export function PlaybookEditor({
  owner,
  clauseKey,
  title,
  playbook,
  opened,
  onClose,
}: {
  owner: PlaybookOwner;
  clauseKey: string;
  title: string;
  playbook: PlaybookEntry[];
  opened: boolean;
  onClose: () => void;
}) {
  const entry = playbook.find((c) => c.key === clauseKey);
  const [preferred, setPreferred] = useState(entry?.preferred ?? '');
  const [fallbacks, setFallbacks] = useState((entry?.fallbacks ?? []).join('\n'));
  const [walkAway, setWalkAway] = useState(entry?.walkAway ?? '');
  const [guidance, setGuidance] = useState(entry?.guidance ?? '');
  const { save, pending } = useSaveClausePlaybook(owner);
  const next: PlaybookEntry = {
    key: clauseKey,
    preferred: preferred.trim(),
    fallbacks: fallbacks
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
    walkAway: walkAway.trim(),
    guidance: guidance.trim(),
  };
  const empty = !next.preferred && !next.fallbacks.length && !next.walkAway && !next.guidance;
  const submit = () =>
    save(playbook, clauseKey, empty ? null : next).then(onClose, (err: unknown) => notifyError(errorMessageOf(err)));
  return (
    <Modal opened={opened} onClose={onClose} title={`Playbook: ${title}`} size="lg">
      <Stack gap="sm">
        <Textarea
          label="Preferred wording"
          autosize
          minRows={2}
          value={preferred}
          onChange={(e) => setPreferred(e.currentTarget.value)}
        />
        <Textarea
          label="Fallback wordings, in order (one a line)"
          autosize
          minRows={2}
          value={fallbacks}
          onChange={(e) => setFallbacks(e.currentTarget.value)}
        />
        <Textarea
          label="Walk-away note"
          autosize
          value={walkAway}
          onChange={(e) => setWalkAway(e.currentTarget.value)}
        />
        <Textarea
          label="Internal guidance"
          autosize
          value={guidance}
          onChange={(e) => setGuidance(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={pending}>
            Save playbook
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
