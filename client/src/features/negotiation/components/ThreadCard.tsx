import {
  ActionIcon,
  Blockquote,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconDots, IconPencil, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { formatDateTime, formatTime, formatTimeOnDay } from '@shared/dates';
import { forwardRef, useState } from 'react';
import type { NegotiationStatus } from '@shared/negotiation';
import { replyForm, replyTextForm, threadTextForm } from '@shared/schemas/forms';
import {
  canDeleteComment,
  canDeleteThread,
  canEditComment,
  canEditThread,
  canMakeMove,
  canNegotiate,
  type ThreadFacts,
} from '@shared/thread-abilities';
import { applyFormErrors } from '@client/lib/errors';
import type { ThreadMutations } from '../api/thread-mutations';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Thread, ThreadComment, ThreadPointer, ThreadProposal } from '../types';
import { StatusBadge } from './StatusBadge';
import classes from './ThreadCard.module.css';

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
  const [editing, setEditing] = useState(false);
  // The message shows as soon as the text is blank, and Save waits for a text.
  const edit = useForm({
    mode: 'controlled',
    initialValues: { text: thread.text },
    validate: schemaResolver(threadTextForm, { sync: true }),
    validateInputOnChange: true,
  });
  const draft = edit.getValues().text;
  const moving = mutations.negotiating?.id === thread.id ? mutations.negotiating.move : null;
  const firstPointer = thread.pointers[0];

  const saveEdit = edit.onSubmit((v) =>
    mutations.edit.mutate({ id: thread.id, text: v.text.trim() }, { onSuccess: () => setEditing(false) }),
  );

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
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => (edit.setValues({ text: thread.text }), setEditing(true))}
                  >
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

      {editing ? (
        <Stack gap={6} mt="xs" onClick={(e) => e.stopPropagation()}>
          <Textarea {...edit.getInputProps('text')} autosize minRows={2} maxRows={6} aria-label="Edit comment" />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={() => saveEdit()} loading={mutations.edit.isPending} disabled={!draft.trim()}>
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

      {thread.proposal && <Proposals proposals={thread.proposals} />}

      {showMoves && (
        <Group gap="xs" mt="sm" onClick={(e) => e.stopPropagation()} data-testid="negotiation-actions">
          <Button
            size="compact-sm"
            color="green"
            variant="light"
            leftSection={<IconCheck size={14} />}
            onClick={() => mutations.negotiate(thread, 'approve')}
            disabled={!canMakeMove(abilities, thread, 'approve') || moving !== null}
            loading={moving === 'approve'}
          >
            Approve
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            leftSection={<IconX size={14} />}
            onClick={() => mutations.negotiate(thread, 'reject')}
            disabled={!canMakeMove(abilities, thread, 'reject') || moving !== null}
            loading={moving === 'reject'}
          >
            Reject
          </Button>
        </Group>
      )}

      {thread.comments.length > 0 && (
        <Stack gap={6} mt="sm" className={classes.replies} data-testid="replies">
          {thread.comments.map((comment) => (
            <Reply key={comment.id} comment={comment} thread={thread} review={review} mutations={mutations} />
          ))}
        </Stack>
      )}

      {review.canReply && <ReplyBox threadId={thread.id} mutations={mutations} />}
    </Box>
  );
});

/** The wording that stands, then the earlier proposals, newest first. */
function Proposals({ proposals }: { proposals: ThreadProposal[] }) {
  const current = proposals.at(-1);
  const earlier = proposals.slice(0, -1).reverse();
  if (!current) return null;
  return (
    <Stack gap={4} mt="xs">
      <Box className={classes.proposal} data-testid="thread-proposal">
        <Text fz="xs" fw={700} c="teal.8">
          Proposed wording · {current.author} · {formatDateTime(current.created)}
        </Text>
        <Text fz="sm" className={classes.text} data-testid="proposal-text">
          {current.text}
        </Text>
      </Box>
      {earlier.length > 0 && (
        <Box component="details" data-testid="proposal-history" onClick={(e) => e.stopPropagation()}>
          <Text component="summary" fz="xs" c="dimmed" style={{ cursor: 'pointer' }}>
            {earlier.length === 1 ? '1 earlier proposal' : `${earlier.length} earlier proposals`}
          </Text>
          <Stack gap={4} mt={4}>
            {earlier.map((p) => (
              <Box key={`${p.created}-${p.authorId}`} className={classes.earlier} data-testid="earlier-proposal">
                <Text fz="xs" c="dimmed">
                  {p.author} · {formatDateTime(p.created)}
                </Text>
                <Text fz="sm" td="line-through" c="dimmed" className={classes.text}>
                  {p.text}
                </Text>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function Reply({
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
  const threadId = thread.id;
  const canEdit = canEditComment(review.abilities, thread, comment);
  const canDelete = canDeleteComment(review.abilities, thread, comment);
  const [editing, setEditing] = useState(false);
  const edit = useForm({
    mode: 'controlled',
    initialValues: { text: comment.text },
    validate: schemaResolver(replyTextForm, { sync: true }),
  });
  const draft = edit.getValues().text;
  const save = edit.onSubmit((v) =>
    mutations.editComment.mutate({ id: comment.id, text: v.text.trim() }, { onSuccess: () => setEditing(false) }),
  );

  return (
    <Box className={classes.reply} data-testid="reply" onClick={(e) => e.stopPropagation()}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fz="xs" fw={600} truncate>
          {comment.author}{' '}
          <Text span fz="xs" c="dimmed" fw={400}>
            · {formatTimeOnDay(comment.created, thread.created)}
          </Text>
        </Text>
        {!editing && (canEdit || canDelete) && (
          <Group gap={2} wrap="nowrap">
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="xs"
                aria-label="Edit reply"
                onClick={() => (edit.setValues({ text: comment.text }), setEditing(true))}
              >
                <IconPencil size={12} />
              </ActionIcon>
            )}
            {canDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="xs"
                aria-label="Delete reply"
                onClick={() => mutations.deleteComment(threadId, comment.id)}
              >
                <IconTrash size={12} />
              </ActionIcon>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap={4} mt={4}>
          <Textarea
            {...edit.getInputProps('text')}
            autosize
            minRows={1}
            maxRows={5}
            size="xs"
            aria-label="Edit reply text"
          />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              disabled={!draft.trim()}
              loading={mutations.editComment.isPending}
              onClick={() => save()}
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
          <Text span fz="xs" fw={700} c="teal.8">
            Counter-proposal:{' '}
          </Text>
          {comment.proposal}
        </Text>
      )}
    </Box>
  );
}

function ReplyBox({ threadId, mutations }: { threadId: number; mutations: ThreadMutations }) {
  const [proposing, setProposing] = useState(false);
  const form = useForm({
    initialValues: { text: '', proposal: '' },
    validate: schemaResolver(replyForm, { sync: true }),
  });
  const send = form.onSubmit(async (values) => {
    try {
      await mutations.reply.mutateAsync({
        commentThread: threadId,
        text: values.text.trim(),
        proposal: proposing ? values.proposal.trim() || null : null,
      });
      form.reset();
      setProposing(false);
    } catch (err) {
      applyFormErrors(form, err, { commentThread: 'text' });
    }
  });
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
          <ActionIcon
            size={36}
            variant="filled"
            aria-label="Send reply"
            type="submit"
            loading={mutations.reply.isPending && mutations.reply.variables?.commentThread === threadId}
          >
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
