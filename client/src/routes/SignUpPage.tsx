import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, SignUpForm } from '@client/features/auth';

export default function SignUpPage() {
  usePageTitle('Sign Up');
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free with two projects. Upgrade when your deal flow needs more."
    >
      <SignUpForm initialEmail={params.get('email') ?? ''} />
    </AuthLayout>
  );
}
