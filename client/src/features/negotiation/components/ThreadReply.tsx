import { ActionIcon, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatTimeOnDay } from '@shared/dates';
import { replyTextForm } from '@shared/schemas/forms';
import { canDeleteComment, canEditComment, type ThreadFacts } from '@shared/thread-abilities';
import type { ThreadMutations } from '../api/thread-mutations';
import type { NdaReview } from '../hooks/use-nda-review';
import { useTextEditor } from '../hooks/use-text-editor';
import type { ThreadComment } from '../types';
import classes from './ThreadCard.module.css';

/** One reply of a thread, with its counter-proposal, and Edit and Delete for whom the rules allow. */
export function ThreadReply({
  comment,
  thread,
  review,
  mutations,
}: {
  comment: ThreadComment;
  thread: ThreadFacts & { id: number; created: string };
  review: NdaReview;
  mutations: ThreadMutations;
}) {
  const canEdit = canEditComment(review.abilities, thread, comment);
  const canDelete = canDeleteComment(review.abilities, thread, comment);
  const editor = useTextEditor({
    text: comment.text,
    schema: replyTextForm,
    save: (text, done) => mutations.editComment.mutate({ id: comment.id, text }, { onSuccess: done }),
  });

  return (
    <Box className={classes.reply} data-testid="reply" onClick={(e) => e.stopPropagation()}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fz="xs" fw={600} truncate>
          {comment.author}{' '}
          <Text span fz="xs" c="dimmed" fw={400}>
            · {formatTimeOnDay(comment.created, thread.created)}
          </Text>
        </Text>
        {!editor.editing && (canEdit || canDelete) && (
          <Group gap={2} wrap="nowrap">
            {canEdit && (
              <ActionIcon variant="subtle" color="gray" size="xs" aria-label="Edit reply" onClick={editor.start}>
                <IconPencil size={12} />
              </ActionIcon>
            )}
            {canDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="xs"
                aria-label="Delete reply"
                onClick={() => mutations.deleteComment(thread.id, comment.id)}
              >
                <IconTrash size={12} />
              </ActionIcon>
            )}
          </Group>
        )}
      </Group>
      {editor.editing ? (
        <Stack gap={4} mt={4}>
          <Textarea
            {...editor.form.getInputProps('text')}
            autosize
            minRows={1}
            maxRows={5}
            size="xs"
            aria-label="Edit reply text"
          />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={editor.cancel}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              disabled={!editor.draft.trim()}
              loading={mutations.editComment.isPending}
              onClick={() => editor.submit()}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text fz="sm" className={classes.text} data-testid="reply-text">
          {comment.text}
        </Text>
      )}
      {comment.proposal && (
        <Text fz="sm" mt={4} className={classes.text} data-testid="reply-proposal">
          <Text span fz="xs" fw={700}>
            Counter-proposal:{' '}
          </Text>
          {comment.proposal}
        </Text>
      )}
    </Box>
  );
}
