import { Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { passwordResetInput } from '@shared/schemas/auth';
import { RouterLink } from '@client/components/ui/RouterLink';
import { applyFormErrors } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';

function Links() {
  return (
    <Stack gap={6} align="center">
      <RouterLink to="/login" fz="sm">
        Back to Sign In
      </RouterLink>
      <Text fz="sm" c="dimmed">
        No account yet?{' '}
        <RouterLink to="/sign-up" inherit>
          Register for Free
        </RouterLink>
      </Text>
    </Stack>
  );
}

/** Asks for a reset link; once sent, the view says where it went. */
export function ForgotPasswordForm() {
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(passwordResetInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email.trim());
    } catch (err) {
      applyFormErrors(form, err);
    }
  });

  if (sentTo) {
    return (
      <Stack gap="md" role="status">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Text fz="lg" fw={600}>
          Check your inbox
        </Text>
        <Text c="dimmed">
          If an account exists for <b>{sentTo}</b>, we have sent it a link to choose a new password. The link works once
          and expires in one hour.
        </Text>
        <Links />
      </Stack>
    );
  }

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
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          Send mail
        </Button>
        <Links />
      </Stack>
    </form>
  );
}
