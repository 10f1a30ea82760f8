import { Alert, Anchor, Text } from '@mantine/core';
import { IconClockCancel } from '@tabler/icons-react';
import { formatDeadlineUtc } from '@shared/timetable';
import type { NdaReview } from '../hooks/use-nda-review';
import { DeadlineTime } from './DeadlineTime';

/**
 * The NDA's deadline passed before it was signed: it can no longer be signed. A recipient is told whom
 * to ask for more time (the project's adviser); the sending team is told it can extend the deadline.
 */
export function ExpiredNotice({ review }: { review: NdaReview }) {
  const { branch } = review;
  const deadline = branch.effectiveNdaDeadline ? new Date(branch.effectiveNdaDeadline) : null;
  const signer = review.project.access === 'signer';
  return (
    <Alert color="red" variant="light" icon={<IconClockCancel size={18} />} data-testid="nda-expired">
      <Text fz="sm" fw={600}>
        {deadline ? `This NDA expired on ${formatDeadlineUtc(deadline)}.` : 'This NDA has expired.'}
      </Text>
      {deadline && (
        <Text fz="sm">
          In your time zone: <DeadlineTime at={deadline} />.
        </Text>
      )}
      {signer ? (
        <Text fz="sm" mt="xs">
          It can no longer be signed. To ask for more time, contact {branch.adviser.name} at{' '}
          <Anchor href={`mailto:${branch.adviser.email}`} fz="sm">
            {branch.adviser.email}
          </Anchor>
          .
        </Text>
      ) : (
        <Text fz="sm" mt="xs">
          It can no longer be signed. Extend the group’s or the project’s deadline to let the recipients sign.
        </Text>
      )}
    </Alert>
  );
}
