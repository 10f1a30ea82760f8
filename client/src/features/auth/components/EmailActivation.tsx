import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { errorMessageOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { ResultMessage } from './ResultMessage';

/** Activates the account of the e-mailed key as soon as the page opens. */
export function EmailActivation({ activationKey }: { activationKey: string }) {
  const verify = trpc.auth.verifyEmail.useMutation();
  const { mutate } = verify;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === activationKey) return;
    sent.current = activationKey;
    mutate({ key: activationKey });
  }, [activationKey, mutate]);

  if (verify.isSuccess) {
    return (
      <ResultMessage
        status="success"
        message={verify.data.detail || AUTH_MESSAGES.activated}
        detail="You can now sign in to your account."
        action={{ label: 'Go to login', to: '/login' }}
      />
    );
  }
  if (verify.isError) {
    return (
      <ResultMessage
        status="error"
        message={errorMessageOf(verify.error)}
        action={{ label: 'Go to login', to: '/login' }}
      />
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text c="dimmed">Activating your account…</Text>
    </Group>
  );
}
