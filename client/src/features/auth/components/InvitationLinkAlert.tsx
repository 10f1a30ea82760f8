import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { RouterLink } from '@client/components/ui/RouterLink';

/** Why an invitation link cannot register an account, with the way out when there is one. */
export function InvitationLinkAlert({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This invitation link cannot be used"
    >
      {message}{' '}
      {message === AUTH_MESSAGES.invitationExpired && (
        <RouterLink to="/forgot-password/" inherit>
          Renew your password
        </RouterLink>
      )}
    </Alert>
  );
}
