import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglass, IconSignature } from '@tabler/icons-react';
import { disclosingPartyLine, SIGNING_MESSAGES } from '@shared/signing';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { useCountersign } from '../api/signing';
import type { NdaReview } from '../hooks/use-nda-review';
import { SignConfirmModal } from './SignConfirmModal';

/**
 * Signed by the bidder, awaiting countersignature. The bidder reads that the sending side countersigns
 * next; the sending team opens the final document and countersigns with their own saved signature,
 * after the same confirmation and consent.
 */
export function CountersignNotice({ review, agreed }: { review: NdaReview; agreed: number }) {
  const [opened, modal] = useDisclosure(false);
  const countersign = useCountersign(review.nda.id);
  const signed = review.branch.signerships.find((s) => s.signed);
  const bidder = signed ? `${signed.signer.firstName} ${signed.signer.lastName}`.trim() || signed.signer.email : '';
  const sender = review.side === 'sender';

  const confirm = async () => {
    if (!signed) return;
    try {
      const done = await countersign.mutateAsync({ signership: signed.id, consent: true });
      modal.close();
      notifySuccess(
        done.sealPending
          ? `The NDA is countersigned. ${SIGNING_MESSAGES.sealPending}`
          : 'The NDA is countersigned and sealed. You can download the signed copy.',
        'Signed',
      );
    } catch (err) {
      notifyError(errorMessageOf(err, 'The NDA could not be countersigned.'));
    }
  };

  return (
    <Stack gap="sm" data-testid="countersign-notice">
      <Alert color="cyan" variant="light" icon={<IconHourglass size={18} />}>
        {sender
          ? `${bidder || 'The bidder'} signed the NDA. It is executed once your side countersigns it.`
          : 'You signed the NDA. The sending side countersigns it next; the signed copy follows.'}
      </Alert>
      {sender && signed && (
        <>
          {!review.me.sign && (
            <Text fz="sm" c="dimmed">
              Add your signature on your account page to countersign.
            </Text>
          )}
          <Button leftSection={<IconSignature size={18} />} onClick={modal.open} disabled={!review.me.sign}>
            Countersign NDA
          </Button>
          <SignConfirmModal
            opened={opened}
            onClose={modal.close}
            onConfirm={() => void confirm()}
            loading={countersign.isPending}
            action="countersign"
            nda={review.nda}
            parties={{
              disclosing: `${disclosingPartyLine(review.project, review.project.companyName)}, signed by ${review.me.firstName} ${review.me.lastName}`,
              receiving: `${signed.signer.company.name}, signed by ${bidder}`,
            }}
            agreedAmendments={agreed}
          />
        </>
      )}
    </Stack>
  );
}
