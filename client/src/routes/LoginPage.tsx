import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { LoginForm } from '../features/auth/components/LoginForm';

export default function LoginPage() {
  usePageTitle('Sign In');
  return (
    <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to your workspace.">
      <LoginForm />
    </AuthLayout>
  );
}
