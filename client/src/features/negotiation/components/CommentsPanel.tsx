import { Alert, Badge, Button, Center, Divider, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMessageCircle } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { PASSED_MESSAGE } from '@shared/negotiation';
import type { ThreadMutations } from '../api/thread-mutations';
import { groupByDay } from '../day-groups';
import type { NdaReview } from '../hooks/use-nda-review';
import type { PendingPointer, Thread, ThreadPointer } from '../types';
import { ThreadCard } from './ThreadCard';
import classes from './CommentsPanel.module.css';
import { ThreadForm } from './ThreadForm';

interface CommentsPanelProps {
  review: NdaReview;
  threads: Thread[] | undefined;
  numbers: Map<number, number>;
  activeThreadId: number | null;
  /** A thread the user opened: its card takes the focus (once it is on the page). */
  focusRequest: { threadId: number } | null;
  commentMode: boolean;
  pending: PendingPointer | null;
  mutations: ThreadMutations;
  onCancelComment: () => void;
  onCreated: (thread: Thread) => void;
  onActivate: (threadId: number) => void;
  onShowPointer: (pointer: ThreadPointer) => void;
}

/** The thread form (in comment mode) and the threads grouped by day: Today, Yesterday, '1st May, 2024'. */
export function CommentsPanel(props: CommentsPanelProps) {
  const { review, threads, numbers, activeThreadId, commentMode, pending, mutations } = props;
  const groups = useMemo(() => groupByDay(threads ?? [], (t) => t.created), [threads]);
  const cards = useRef(new Map<number, HTMLDivElement>());
  const [deleting, setDeleting] = useState<Thread | null>(null);

  useEffect(() => {
    if (activeThreadId !== null)
      cards.current.get(activeThreadId)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [activeThreadId]);

  const { focusRequest } = props;
  const focused = useRef<{ threadId: number } | null>(null);
  useEffect(() => {
    if (!focusRequest || focused.current === focusRequest) return;
    const card = cards.current.get(focusRequest.threadId);
    if (!card) return;
    focused.current = focusRequest;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [focusRequest, threads]);

  const confirmDelete = () => {
    if (!deleting) return;
    mutations.remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) });
  };

  return (
    <Paper
      withBorder
      shadow="xs"
      p="lg"
      data-testid="comments-panel"
      component="section"
      aria-labelledby="comments-title"
      tabIndex={-1}
      data-focus-return=""
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} fz="lg" id="comments-title">
              Comments
            </Title>
            {!!threads?.length && (
              <Badge variant="light" color="navy" circle={threads.length < 10}>
                {threads.length}
              </Badge>
            )}
          </Group>
        </Group>

        {review.passed && !review.nda.isSigned && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="negotiation-closed">
            {PASSED_MESSAGE}
          </Alert>
        )}

        {commentMode && (
          <>
            <div className={classes.composer} data-testid="comment-composer">
              <ThreadForm
                ndaId={review.nda.id}
                pending={pending}
                mutations={mutations}
                onCancel={props.onCancelComment}
                onCreated={props.onCreated}
              />
            </div>
            <Divider className={classes.divider} />
          </>
        )}

        {!threads ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : threads.length === 0 ? (
          <Stack align="center" gap={6} py="lg" c="dimmed" data-testid="no-comment">
            <IconMessageCircle size={28} stroke={1.5} aria-hidden />
            <Text fz="sm" c="dimmed">
              No comment
            </Text>
          </Stack>
        ) : (
          // The list grows with the page: a nested scroll box would hide a card's Approve and Reject.
          <Stack gap="sm" pb={4} data-testid="comments-list">
            {groups.map((group) => (
              <Fragment key={group.key}>
                <Text fz="xs" fw={700} c="dimmed" data-testid="day-label">
                  {group.label}
                </Text>
                {group.items.map((thread) => (
                  <ThreadCard
                    key={thread.id}
                    ref={(el) => {
                      if (el) cards.current.set(thread.id, el);
                      else cards.current.delete(thread.id);
                    }}
                    thread={thread}
                    number={numbers.get(thread.id) ?? 0}
                    review={review}
                    mutations={mutations}
                    active={thread.id === activeThreadId}
                    onActivate={() => props.onActivate(thread.id)}
                    onShowPointer={props.onShowPointer}
                    onDelete={setDeleting}
                  />
                ))}
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete comment thread" centered>
        <Stack gap="lg">
          <Text>This deletes the comment, its pointer and its replies for both parties.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete} loading={mutations.remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
