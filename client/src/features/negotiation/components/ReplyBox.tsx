import { ActionIcon, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ThreadMutations } from '../api/thread-mutations';
import { useReplyForm } from '../hooks/use-reply-form';

/** The reply box under a thread: a reply, and other wording when "Propose other wording" is ticked. */
export function ReplyBox({ threadId, mutations }: { threadId: number; mutations: ThreadMutations }) {
  const { form, proposing, setProposing, send, sending } = useReplyForm(threadId, mutations);
  return (
    <form onSubmit={send} noValidate aria-label="Reply to this thread" onClick={(e) => e.stopPropagation()}>
      <Stack gap={6} mt="sm">
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Textarea
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) send();
            }}
            placeholder="Reply…"
            aria-label="Reply"
            autosize
            minRows={1}
            maxRows={4}
            size="sm"
            style={{ flex: 1 }}
            {...form.getInputProps('text')}
          />
          <ActionIcon size={36} variant="filled" aria-label="Send reply" type="submit" loading={sending}>
            <IconSend size={16} />
          </ActionIcon>
        </Group>
        <Checkbox
          size="xs"
          label="Propose other wording"
          checked={proposing}
          onChange={(e) => setProposing(e.currentTarget.checked)}
        />
        {proposing && (
          <Textarea
            label="Counter-proposal"
            placeholder="The wording you would accept instead"
            autosize
            minRows={2}
            maxRows={6}
            size="sm"
            {...form.getInputProps('proposal')}
          />
        )}
      </Stack>
    </form>
  );
}
