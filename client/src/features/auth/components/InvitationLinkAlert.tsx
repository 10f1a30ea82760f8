import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/schemas/auth';

/** Why an invitation link cannot register an account, with the way out when there is one. */
export function InvitationLinkAlert({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This invitation link cannot be used"
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm" data-testid="invitation-link-problem">
          {message}
        </Text>
        {message === AUTH_MESSAGES.invitationExpired && (
          <Button component={Link} to="/forgot-password/" size="xs" variant="light" leftSection={<IconKey size={14} />}>
            Renew your password
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
