import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { EmailActivation } from '../features/auth/components/EmailActivation';

export default function UserActivationPage() {
  usePageTitle('Email activation');
  const { key = '' } = useParams();
  return (
    <AuthLayout title="Email activation">
      <EmailActivation activationKey={key} />
    </AuthLayout>
  );
}
