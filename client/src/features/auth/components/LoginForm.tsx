import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginInput } from '@shared/schemas/auth';
import { closeToast } from '@client/components/ui/notify';
import { RouterLink } from '@client/components/ui/RouterLink';
import { applyFormErrors } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { afterLoginPath, type ReturnState } from '../api/return-to';
import { saveSession } from '@client/lib/session-store';

const LOGIN_FAILURE_TOAST = 'login-failure';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = trpc.auth.login.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: (location.state as ReturnState | null)?.email ?? '', password: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(loginInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const { home, ...session } = await login.mutateAsync(values);
      // A failed attempt's toast no longer holds.
      closeToast(LOGIN_FAILURE_TOAST);
      saveSession(session);
      navigate(afterLoginPath(location.state, home), { replace: true });
    } catch (err) {
      setFailure(applyFormErrors(form, err, {}, LOGIN_FAILURE_TOAST));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <RouterLink to="/forgot-password/" fz="sm">
            Forgot Password ?
          </RouterLink>
        </Group>
        {failure && (
          <Text c="red.8" fz="sm" data-testid="login-error">
            {failure}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          Sign In
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          New to NDA Workspace?{' '}
          <RouterLink to="/sign-up" inherit>
            Register for Free
          </RouterLink>
        </Text>
      </Stack>
    </form>
  );
}
