import {
  ActionIcon,
  Blockquote,
  Box,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { clauseLabel } from '@shared/clause-attach';
import { importedLabel } from '@shared/redline';
import { formatTime } from '@shared/dates';
import { type NegotiationStatus, ORIGINAL_TEXT_STANDS } from '@shared/negotiation';
import { threadTextForm } from '@shared/schemas/forms';
import { canDeleteThread, canEditThread, canNegotiate } from '@shared/thread-abilities';
import type { ThreadMutations } from '../api/thread-mutations';
import type { NdaReview } from '../hooks/use-nda-review';
import { useTextEditor } from '../hooks/use-text-editor';
import type { Thread, ThreadPointer } from '../types';
import { HeldProposals } from './HeldProposals';
import { NegotiationMoves } from './NegotiationMoves';
import { ReplyBox } from './ReplyBox';
import { SenderPlaybook } from './SenderPlaybook';
import { StatusBadge } from './StatusBadge';
import classes from './ThreadCard.module.css';
import { ThreadNotes } from './ThreadNotes';
import { ThreadProposals } from './ThreadProposals';
import { ThreadReply } from './ThreadReply';

interface ThreadCardProps {
  thread: Thread;
  number: number;
  review: NdaReview;
  mutations: ThreadMutations;
  active: boolean;
  onActivate: () => void;
  onShowPointer: (pointer: ThreadPointer) => void;
  onDelete: (thread: Thread) => void;
}

/** One comment thread: who, when, what, its negotiation status, the replies and what the user may do. */
export const ThreadCard = forwardRef<HTMLDivElement, ThreadCardProps>(function ThreadCard(
  { thread, number, review, mutations, active, onActivate, onShowPointer, onDelete },
  ref,
) {
  const { abilities } = review;
  const status = thread.negotiationStatus as NegotiationStatus;
  const showMoves = canNegotiate(abilities, thread);
  const canEdit = canEditThread(abilities, thread);
  const canDelete = canDeleteThread(abilities, thread);
  // The message shows as soon as the text is blank, and Save waits for a text.
  const editor = useTextEditor({
    text: thread.text,
    schema: threadTextForm,
    save: (text, done) => mutations.edit.mutate({ id: thread.id, text }, { onSuccess: done }),
    validateInputOnChange: true,
  });
  const { editing } = editor;
  const firstPointer = thread.pointers[0];

  return (
    <Box
      ref={ref}
      className={classes.card}
      data-active={active || undefined}
      data-testid="thread-card"
      data-thread={thread.id}
      onClick={onActivate}
      aria-label={`Comment ${number} by ${thread.author}`}
      role="article"
      // Focused when opened from its pin or the open threads; the focus comes back here when a
      // control inside goes away (a move settles the thread, the other side edits it).
      tabIndex={-1}
      data-focus-return=""
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Tooltip label={firstPointer ? `Show on page ${firstPointer.page}` : 'No pointer'} withArrow>
            <UnstyledButton
              className={classes.number}
              onClick={(e) => {
                e.stopPropagation();
                if (firstPointer) onShowPointer(firstPointer);
              }}
              aria-label={firstPointer ? `Show comment ${number} on page ${firstPointer.page}` : `Comment ${number}`}
            >
              {number}
            </UnstyledButton>
          </Tooltip>
          <Stack gap={0} miw={0}>
            <Text fz="sm" fw={600} truncate>
              {thread.author}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatTime(thread.created)}
              {firstPointer && ` · page ${firstPointer.page}`}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {(canEdit || canDelete) && !editing && (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Thread actions"
                  onClick={(e) => e.stopPropagation()}
                >
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
                {canEdit && (
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={editor.start}>
                    Edit
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item c="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(thread)}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <StatusBadge status={status} mt={8} />
      {thread.clause && (
        <Text fz="xs" fw={600} c="dimmed" mt={4} data-testid="thread-clause">
          {clauseLabel(thread.clause)}
        </Text>
      )}
      {thread.imported && (
        <Text fz="xs" c="dimmed" mt={4} data-testid="thread-imported">
          {importedLabel(thread.imported)}
        </Text>
      )}
      {status === 'rejected_by_both_parties' && (
        <Text fz="xs" fw={600} mt={4} data-testid="original-text-stands">
          {ORIGINAL_TEXT_STANDS}
        </Text>
      )}

      {editing ? (
        <Stack gap={6} mt="xs" onClick={(e) => e.stopPropagation()}>
          <Textarea {...editor.form.getInputProps('text')} autosize minRows={2} maxRows={6} aria-label="Edit comment" />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={editor.cancel}>
              Cancel
            </Button>
            <Button
              size="xs"
              onClick={() => editor.submit()}
              loading={mutations.edit.isPending}
              disabled={!editor.draft.trim()}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text fz="sm" mt="xs" className={classes.text} data-testid="thread-text">
          {thread.text}
        </Text>
      )}

      {thread.quote && (
        <Blockquote color="gray" mt="xs" p="xs" fz="sm" className={classes.text} data-testid="thread-quote">
          {thread.quote}
        </Blockquote>
      )}

      {thread.proposal && (
        <ThreadProposals proposals={thread.proposals} rejected={status === 'rejected_by_both_parties'} />
      )}

      <HeldProposals thread={thread} review={review} />

      <SenderPlaybook thread={thread} review={review} mutations={mutations} />

      {showMoves && (
        <NegotiationMoves thread={thread} abilities={abilities} mutations={mutations} canGiveReason={review.canReply} />
      )}

      {thread.comments.length > 0 && (
        <Stack gap={6} mt="sm" className={classes.replies} data-testid="replies">
          {thread.comments.map((comment) => (
            <ThreadReply key={comment.id} comment={comment} thread={thread} review={review} mutations={mutations} />
          ))}
        </Stack>
      )}

      {review.canReply && <ReplyBox threadId={thread.id} mutations={mutations} />}

      <ThreadNotes thread={thread} review={review} />
    </Box>
  );
});
