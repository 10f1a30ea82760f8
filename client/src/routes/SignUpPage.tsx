import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { SignUpForm } from '../features/auth/components/SignUpForm';

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
