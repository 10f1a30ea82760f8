import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, EmailActivation } from '@client/features/auth';

export default function UserActivationPage() {
  usePageTitle('Email activation');
  const { key = '' } = useParams();
  return (
    <AuthLayout title="Email activation">
      <EmailActivation activationKey={key} />
    </AuthLayout>
  );
}
