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
  return (
    <AccountPanel
      id="signature"
      title="Signature"
      description={hasSignature ? 'Stamped on the NDAs you sign.' : 'Needed to sign NDAs and to invite team members.'}
    >
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
