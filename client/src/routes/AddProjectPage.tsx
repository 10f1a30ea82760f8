import { Stack } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '@client/features/auth';
import { AddProjectForm, SignatureRequired } from '@client/features/projects';

export default function AddProjectPage() {
  usePageTitle('Add project');
  const user = useCurrentUser();
  // Account owners sign what the company sends: without a signature they add one first (members do not sign).
  const needsSignature = !!user && user.role === 'owner' && !user.sign;
  return (
    <Stack gap="lg">
      <PageHeader title="Add project" description="Set up the deal, its NDA and documents. Recipients come next." />
      {needsSignature && <SignatureRequired />}
      <AddProjectForm blocked={needsSignature} />
    </Stack>
  );
}
