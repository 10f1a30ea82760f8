import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconMessagePlus, IconSignature, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { trpc } from '@client/lib/trpc';
import { ndaBadge } from '@client/features/tracker';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Viewer } from '../types';
import { PresenceAvatars } from './PresenceAvatars';
import { RedlineDownloadButton } from './RedlineDownloadButton';
import { RedlineImportButton } from './RedlineImportButton';
import classes from './NdaReviewHeader.module.css';

interface NdaReviewHeaderProps {
  review: NdaReview;
  viewers: Viewer[];
  commentMode: boolean;
  onToggleComment: () => void;
  onSign: () => void;
}

/** Back to the project, the NDA's name, who else is here, the redline download and import, and the Comment and Sign buttons. */
export function NdaReviewHeader({ review, viewers, commentMode, onToggleComment, onSign }: NdaReviewHeaderProps) {
  const { project, branch, nda } = review;
  // The same status as the signing panel and the tracker show.
  const state = ndaBadge(nda, review.passed);
  const team = trpc.projects.team.useQuery({ id: project.id }, { enabled: review.side === 'sender' });
  return (
    <Group justify="space-between" align="center" gap="md" className={classes.header} wrap="wrap">
      <Group gap="sm" wrap="nowrap" miw={0} className={classes.title}>
        <Tooltip label="Back to the project" withArrow>
          <ActionIcon
            component={Link}
            to={`/projects/${project.id}`}
            variant="default"
            size={40}
            radius="xl"
            aria-label="Back to the project"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <Stack gap={0} miw={0}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Title order={1} fz={{ base: 20, sm: 24 }} lh={1.25} lineClamp={1} data-testid="nda-name">
              {nda.name}
            </Title>
            <Badge color={state.color} variant="light" flex="none" tt="none" size="lg" data-testid="nda-status">
              {state.label}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed" truncate="end">
            {project.name} · {branch.name}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" wrap="wrap" className={classes.actions}>
        <PresenceAvatars team={team.data ?? []} viewers={viewers} meId={review.me.id} />
        <RedlineDownloadButton nda={nda} />
        {review.canComment && <RedlineImportButton nda={nda} onBehalf={review.side === 'sender'} />}
        {review.canComment && (
          <Button
            variant={commentMode ? 'filled' : 'light'}
            leftSection={commentMode ? <IconX size={18} /> : <IconMessagePlus size={18} />}
            onClick={onToggleComment}
            // Pressing the button must not take away words selected on the page: they become the quote.
            onMouseDown={(e) => e.preventDefault()}
            aria-pressed={commentMode}
          >
            {commentMode ? 'Cancel comment' : 'Comment'}
          </Button>
        )}
        {review.canSign && (
          <Button leftSection={<IconSignature size={18} />} onClick={onSign}>
            Sign
          </Button>
        )}
      </Group>
    </Group>
  );
}
