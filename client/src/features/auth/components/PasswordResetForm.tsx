import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { passwordResetForm } from '@shared/schemas/forms';
import { NewPasswordFields } from './NewPasswordFields';
import { applyFormErrors } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { ResultMessage } from './ResultMessage';

interface ResetValues {
  newPassword1: string;
  newPassword2: string;
}

/** Sets a new password with the uid and token of the e-mailed link. */
export function PasswordResetForm({ uid, token }: { uid: string; token: string }) {
  const confirm = trpc.auth.confirmPasswordReset.useMutation();
  const [done, setDone] = useState(false);
  const form = useForm<ResetValues>({
    initialValues: { newPassword1: '', newPassword2: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(passwordResetForm, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ ...values, uid, token });
      setDone(true);
    } catch (err) {
      applyFormErrors(form, err, { password: 'newPassword1' });
    }
  });

  if (done)
    return (
      <ResultMessage
        status="success"
        message={AUTH_MESSAGES.passwordChanged}
        action={{ label: 'Go to Sign In', to: '/login' }}
      />
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields
          noun="new password"
          password={form.getInputProps('newPassword1')}
          confirmation={form.getInputProps('newPassword2')}
        />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
