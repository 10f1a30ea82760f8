import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLogin, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ReturnState } from '../api/return-to';

/** A used invitation link: the account is there, so sign in instead of registering again. */
export function AccountExists({ email, detail }: { email: string | null; detail: string | null }) {
  const state: ReturnState = { email: email ?? undefined };
  return (
    <Stack gap="md">
      <Alert color="navy" variant="light" icon={<IconUserCheck size={18} />} title="You already have an account">
        <Text fz="sm">{detail}</Text>
        {email && (
          <Text fz="sm" mt={4}>
            Sign in as <strong>{email}</strong>.
          </Text>
        )}
      </Alert>
      <Button component={Link} to="/login" state={state} size="md" fullWidth leftSection={<IconLogin size={18} />}>
        Sign in
      </Button>
    </Stack>
  );
}
