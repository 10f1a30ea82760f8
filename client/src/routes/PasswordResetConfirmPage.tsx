import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, PasswordResetForm } from '@client/features/auth';

export default function PasswordResetConfirmPage() {
  usePageTitle('Set a new password');
  const { userId = '', token = '' } = useParams();
  return (
    <AuthLayout title="Set a new password">
      <PasswordResetForm uid={userId} token={token} />
    </AuthLayout>
  );
}
