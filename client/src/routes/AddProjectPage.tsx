import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { hasRoom } from '@shared/billing';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '@client/features/auth';
import { ProjectLimitModal, useSubscription } from '@client/features/billing';
import { AddProjectForm, SignatureRequired } from '@client/features/projects';

export default function AddProjectPage() {
  usePageTitle('Add project');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const subscription = useSubscription();
  // Account owners sign what the company sends: without a signature they add one first (members do not sign).
  const needsSignature = !!user && user.role === 'owner' && !user.sign;
  // No project credit left: the plan's dialog comes first, not after the form is filled in.
  const sub = subscription.data;
  const full = !!sub && !hasRoom(sub.projectAllowed, sub.projectsUsed);
  return (
    <Stack gap="lg">
      <PageHeader title="Add project" description="Set up the deal, its NDA and documents. Recipients come next." />
      {needsSignature && <SignatureRequired />}
      <AddProjectForm blocked={needsSignature || full} />
      <ProjectLimitModal
        opened={full}
        onClose={() => navigate('/projects')}
        subscription={sub}
        isMember={user?.isMember ?? false}
      />
    </Stack>
  );
}
