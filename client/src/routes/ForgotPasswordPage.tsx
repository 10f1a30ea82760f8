import { usePageTitle } from '../components/ui/use-page-title';
import { AuthLayout, ForgotPasswordForm } from '@client/features/auth';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter your account e-mail and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
