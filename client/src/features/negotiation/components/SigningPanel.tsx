import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { forwardRef } from 'react';
import { awaitsCountersignature, canResend } from '@shared/nda-lifecycle';
import { openThreads } from '@shared/negotiation';
import { ndaBadge } from '@client/features/tracker';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Thread } from '../types';
import { CountersignNotice } from './CountersignNotice';
import { OpenThreadsAlert } from './OpenThreadsAlert';
import { SignedNotice } from './SignedNotice';
import { SignerForm } from './SignerForm';
import { NotSentNotice, PassedNotice, RecalledNotice } from './SigningNotices';
import { SigningPreview } from './SigningPreview';

interface SigningPanelProps {
  review: NdaReview;
  highlight: boolean;
  /** The NDA's threads (undefined while loading): signing waits until each is settled. */
  threads: Thread[] | undefined;
  numbers: Map<number, number>;
  onOpenThread: (thread: Thread) => void;
}

/**
 * The right panel's signing part: the signer's form (SignerForm), or where the group stands
 * (SigningNotices, SignedNotice, CountersignNotice). Both see the threads still open, which signing waits for, and can preview the final
 * document as it will be signed. Once signed, both download the signed PDF.
 */
export const SigningPanel = forwardRef<HTMLDivElement, SigningPanelProps>(function SigningPanel(
  { review, highlight, threads, numbers, onOpenThread },
  ref,
) {
  const { nda, signership, branch } = review;
  const open = threads ? openThreads(threads) : [];
  const agreed = threads?.filter((t) => t.negotiationStatus === 'approved_by_both_parties').length ?? 0;
  const negotiating = nda.isSent && !nda.isSigned && !nda.isRecalled && !review.passed;
  // The group's one status, worded as the page's header and the tracker word it.
  const badge = ndaBadge(nda, review.passed);

  return (
    <Paper
      ref={ref}
      withBorder
      shadow="xs"
      p="lg"
      data-testid="signing-panel"
      component="section"
      aria-labelledby="signing-title"
      // The header's Sign button brings the focus here; it comes back here when what held it goes away.
      tabIndex={-1}
      data-focus-return=""
      data-highlight={highlight || undefined}
      style={highlight ? { outline: '2px solid var(--mantine-color-navy-4)', outlineOffset: 2 } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="signing-title">
            Signing
          </Title>
          <Badge color={badge.color} variant="light" size="lg" tt="none" data-testid="signing-status">
            {nda.sealPending ? 'Signed, seal pending' : badge.label}
          </Badge>
        </Group>
        {negotiating && open.length > 0 && (
          <OpenThreadsAlert threads={open} numbers={numbers} onOpenThread={onOpenThread} />
        )}
        {!nda.isSigned && !nda.isRecalled && !review.passed && !awaitsCountersignature(nda) && (
          <SigningPreview nda={nda} />
        )}
        {nda.isSigned ? (
          <SignedNotice review={review} />
        ) : awaitsCountersignature(nda) ? (
          <CountersignNotice review={review} agreed={agreed} />
        ) : nda.isRecalled ? (
          <RecalledNotice review={review} />
        ) : review.passed ? (
          <PassedNotice review={review} />
        ) : canResend(nda) ? (
          <NotSentNotice review={review} />
        ) : review.canSign && signership ? (
          <SignerForm review={review} signershipId={signership.id} agreed={agreed} />
        ) : (
          <Text fz="sm" c="dimmed">
            Waiting for {branch.name} to sign.
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
