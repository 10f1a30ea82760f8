import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, InvitationForm } from '@client/features/auth';

export default function MemberInvitationPage() {
  usePageTitle('Create an account');
  const { userIdAndToken = '' } = useParams();
  return (
    <AuthLayout title="Create an account" subtitle="You were invited to join your team's workspace.">
      <InvitationForm kind="member" userIdAndToken={userIdAndToken} />
    </AuthLayout>
  );
}
