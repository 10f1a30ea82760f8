import { Stack } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '../features/auth/hooks/use-current-user';
import { AddProjectForm } from '../features/projects/components/AddProjectForm';
import { SignatureRequired } from '../features/projects/components/SignatureRequired';

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
