import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, LoginForm } from '@client/features/auth';

export default function LoginPage() {
  usePageTitle('Sign In');
  return (
    <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to your workspace.">
      <LoginForm />
    </AuthLayout>
  );
}
