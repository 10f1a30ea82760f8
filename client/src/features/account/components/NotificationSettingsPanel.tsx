import { Stack, Switch } from '@mantine/core';
import {
  NOTIFICATION_FIELDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
} from '@shared/notifications';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import type { CurrentUser } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { useSetCurrentUser } from '@client/features/auth';
import { AccountPanel } from './AccountPanel';

/** The e-mails the user receives about their negotiations: one switch per kind, saved when flipped. */
export function NotificationSettingsPanel({ user }: { user: CurrentUser }) {
  const update = trpc.account.updateProfile.useMutation();
  const setCurrentUser = useSetCurrentUser();

  const toggle = async (kind: NotificationKind, on: boolean) => {
    try {
      setCurrentUser(await update.mutateAsync({ [NOTIFICATION_FIELDS[kind]]: on }));
      notifySuccess(on ? 'We will e-mail you about this again.' : 'We will no longer e-mail you about this.');
    } catch (err) {
      notifyError(errorMessageOf(err));
    }
  };

  return (
    <AccountPanel
      id="email-notifications"
      title="E-mail notifications"
      description="What we e-mail you about your negotiations. Every e-mail also has a link to turn its kind off."
    >
      <Stack gap="lg">
        {NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind}
            checked={user[NOTIFICATION_FIELDS[kind]]}
            disabled={update.isPending}
            onChange={(e) => void toggle(kind, e.currentTarget.checked)}
            label={NOTIFICATION_LABELS[kind].label}
            description={NOTIFICATION_LABELS[kind].description}
          />
        ))}
      </Stack>
    </AccountPanel>
  );
}
