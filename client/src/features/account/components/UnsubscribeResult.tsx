import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { errorMessageOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { ResultMessage } from '@client/features/auth';

/**
 * Turns off the e-mails an unsubscribe link names as soon as the page opens (one click from the
 * e-mail, no sign-in), then confirms it. A mail scanner that fetches the link without running the page
 * changes nothing.
 */
export function UnsubscribeResult({ token }: { token: string }) {
  const unsubscribe = trpc.account.unsubscribe.useMutation();
  const { mutate } = unsubscribe;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (unsubscribe.isSuccess) {
    return (
      <ResultMessage
        status="success"
        message={unsubscribe.data.detail}
        detail="You can turn these e-mails on again at any time under E-mail notifications on your account page."
        action={{ label: 'Go to your account', to: '/account' }}
      />
    );
  }
  if (unsubscribe.isError) {
    return (
      <ResultMessage
        status="error"
        message={errorMessageOf(unsubscribe.error)}
        action={{ label: 'Go to your account', to: '/account' }}
      />
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text c="dimmed">Turning these e-mails off…</Text>
    </Group>
  );
}
