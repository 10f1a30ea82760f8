import { Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { CONSENT_STATEMENT } from '@shared/signing';
import { SigningPreview } from './SigningPreview';

interface SignConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  /** Signs with the consent given (the button is enabled only once it is ticked). */
  onConfirm: () => void;
  loading: boolean;
  /** Sign (the bidder) or countersign (the sending side). */
  action: 'sign' | 'countersign';
  nda: { id: number; name: string };
  /** Who signs for each side, as the signed document will say it. */
  parties: { disclosing: string; receiving: string };
  /** Threads both parties approved: the schedule of agreed amendments. */
  agreedAmendments: number;
}

/**
 * The last look before a signature: the parties, the agreed amendments, the final document (the
 * preview) and the consent to sign electronically, which must be ticked before the signature goes on.
 */
export function SignConfirmModal({
  opened,
  onClose,
  onConfirm,
  loading,
  action,
  nda,
  parties,
  agreedAmendments,
}: SignConfirmModalProps) {
  const [consent, setConsent] = useState(false);
  const close = () => {
    setConsent(false);
    onClose();
  };
  const verb = action === 'sign' ? 'Sign NDA' : 'Countersign NDA';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={action === 'sign' ? 'Sign this NDA' : 'Countersign this NDA'}
      centered
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <Stack gap="md" data-testid="sign-confirmation">
        <Text fz="sm">You are about to sign {nda.name} electronically, between:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Text span fw={600} fz="sm">
              Disclosing party:{' '}
            </Text>
            {parties.disclosing}
          </List.Item>
          <List.Item>
            <Text span fw={600} fz="sm">
              Receiving party:{' '}
            </Text>
            {parties.receiving}
          </List.Item>
        </List>
        <Text fz="sm" data-testid="agreed-amendments">
          {agreedAmendments === 0
            ? 'No amendments were agreed: the NDA is signed as sent.'
            : `${agreedAmendments} agreed ${agreedAmendments === 1 ? 'amendment is' : 'amendments are'} part of what you sign, in the schedule after the NDA.`}
        </Text>
        <SigningPreview nda={nda} />
        <Checkbox
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          label={CONSENT_STATEMENT}
          data-testid="sign-consent"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={loading} disabled={!consent} leftSection={<IconSignature size={18} />}>
            {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
