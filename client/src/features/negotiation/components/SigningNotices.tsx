import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { SIGNING_MESSAGES } from '@shared/signing';
import type { NdaReview } from '../hooks/use-nda-review';

/**
 * The group passed on the opportunity: the signer who passed reads it with their reason, a co-recipient
 * that their group passed, the sending team who passed and why.
 */
export function PassedNotice({ review }: { review: NdaReview }) {
  const mine = review.signership;
  if (mine)
    return (
      <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} data-testid="passed-notice">
        <Stack gap={4}>
          <Text fz="sm">{mine.rejected ? SIGNING_MESSAGES.passed : SIGNING_MESSAGES.groupPassed}</Text>
          {mine.rejectionReason && <Reason text={mine.rejectionReason} />}
        </Stack>
      </Alert>
    );
  const passed = review.branch.signerships.filter((s) => s.rejected);
  return (
    <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} data-testid="passed-notice">
      <Stack gap="xs">
        {passed.map((s) => (
          <Stack key={s.id} gap={4}>
            <Text fz="sm">
              {`${s.signer.firstName} ${s.signer.lastName}`.trim() || s.signer.email} passed on this opportunity.
            </Text>
            {s.rejectionReason && <Reason text={s.rejectionReason} />}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

function Reason({ text }: { text: string }) {
  return (
    <Text fz="sm" c="dark" style={{ whiteSpace: 'pre-wrap' }} data-testid="pass-reason">
      Reason: {text}
    </Text>
  );
}

/** The project's team may send, replace or restore the group's NDA. */
export const canManage = (review: NdaReview): boolean =>
  review.side === 'sender' && review.flags.canChangeProject === true;

/** An NDA not sent yet (a new one, or one given a new document after a recall): the sending team sends it. */
export function NotSentNotice({ review }: { review: NdaReview }) {
  return (
    <Stack gap="sm" data-testid="not-sent-notice">
      <Text fz="sm" c="dimmed">
        This NDA has not been sent to {review.branch.name} yet.
      </Text>
      {canManage(review) && (
        <Button
          component={Link}
          to={`/projects/${review.project.id}/group/${review.branch.id}/review-nda`}
          leftSection={<IconSend size={18} />}
        >
          Review and send
        </Button>
      )}
    </Stack>
  );
}

/** A recalled NDA: the project's team may give the group a new document. */
export function RecalledNotice({ review }: { review: NdaReview }) {
  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        {SIGNING_MESSAGES.recalled}
      </Alert>
      {canManage(review) && (
        <Button
          variant="light"
          component={Link}
          to={`/projects/${review.project.id}/group/${review.branch.id}/review-nda`}
          leftSection={<IconFileUpload size={18} />}
        >
          Replace NDA
        </Button>
      )}
    </Stack>
  );
}
