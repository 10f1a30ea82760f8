import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSignature } from '@tabler/icons-react';
import type { CurrentUser } from '@client/lib/router-types';
import { SignatureImage, SignatureModal } from '@client/features/signature';
import { AccountPanel } from './AccountPanel';

/** The owner's or signer's signature, stamped on the NDAs they sign. Team members have none. */
export function SignatureCard({ user }: { user: CurrentUser }) {
  const [opened, modal] = useDisclosure(false);
  const hasSignature = Boolean(user.sign);
  // Only an account owner invites team members, and needs the signature for it too.
  const description =
    user.role !== 'owner'
      ? 'Your signature, used when you sign an NDA.'
      : hasSignature
        ? 'Stamped on the NDAs you sign.'
        : 'Needed to sign NDAs and to invite team members.';
  return (
    <AccountPanel id="signature" title="Signature" description={description}>
      <SignatureImage url={user.sign} alt="Your saved signature" emptyText="You have not added a signature yet" />
      <Button
        mt="md"
        fullWidth
        variant={hasSignature ? 'default' : 'filled'}
        leftSection={<IconSignature size={16} />}
        onClick={modal.open}
      >
        {hasSignature ? 'Update signature' : 'Add signature'}
      </Button>
      <SignatureModal opened={opened} onClose={modal.close} />
    </AccountPanel>
  );
}
