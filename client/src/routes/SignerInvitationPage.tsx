import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, InvitationForm } from '@client/features/auth';

export default function SignerInvitationPage() {
  usePageTitle('Create an account');
  const { userIdAndToken = '' } = useParams();
  return (
    <AuthLayout title="Create an account" subtitle="You were invited to review and sign an NDA.">
      <InvitationForm kind="signer" userIdAndToken={userIdAndToken} />
    </AuthLayout>
  );
}
