import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { UnsubscribeResult } from '@client/features/account';
import { AuthLayout } from '@client/features/auth';

/** /unsubscribe/:token: the link at the foot of every notification e-mail; works signed in or not. */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token = '' } = useParams();
  return (
    <AuthLayout title="E-mail notifications">
      <UnsubscribeResult token={token} />
    </AuthLayout>
  );
}
