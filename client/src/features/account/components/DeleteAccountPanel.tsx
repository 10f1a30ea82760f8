import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccountInput } from '@shared/schemas/account';
import { notifyError } from '@client/components/ui/notify';
import type { CurrentUser } from '@client/lib/router-types';
import { errorBodyOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { clearSession } from '@client/lib/session-store';
import { AccountPanel } from './AccountPanel';

const DELETE_FAILED = 'Failed to delete account, please try again.';
const REDIRECT_AFTER_MS = 1000;

/** The way out: deleting the account, behind the password. */
export function DeleteAccountPanel({ user }: { user: CurrentUser }) {
  const [opened, modal] = useDisclosure(false);
  const isOwner = user.role === 'owner';
  return (
    <AccountPanel
      id="delete-account"
      tone="danger"
      title="Delete account"
      description={
        isOwner
          ? 'Closes your company’s workspace: your team members lose access as well. This cannot be undone.'
          : 'Removes your account and signs you out everywhere. This cannot be undone.'
      }
    >
      <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={modal.open}>
        Delete account
      </Button>
      <DeleteAccountModal opened={opened} onClose={modal.close} isOwner={isOwner} />
    </AccountPanel>
  );
}

function DeleteAccountModal({ opened, onClose, isOwner }: { opened: boolean; onClose: () => void; isOwner: boolean }) {
  const navigate = useNavigate();
  const remove = trpc.account.deleteAccount.useMutation();
  const [deleted, setDeleted] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(deleteAccountInput, { sync: true }),
  });

  useEffect(() => {
    if (!deleted) return;
    // The spec: local storage is cleared and the browser goes to /login a second later.
    const timer = setTimeout(() => {
      localStorage.clear();
      clearSession();
      navigate('/login', { replace: true });
    }, REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [deleted, navigate]);

  const submit = form.onSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
      setDeleted(true);
    } catch (err) {
      const field = errorBodyOf(err)?.password;
      const message = Array.isArray(field) ? field[0] : undefined;
      if (message) form.setFieldError('password', message);
      else notifyError(DELETE_FAILED);
    }
  });

  const close = () => {
    if (deleted || remove.isPending) return;
    form.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete account"
      size={460}
      centered
      withCloseButton={!deleted}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {deleted ? (
        <Group gap="sm" wrap="nowrap" role="status">
          <IconCircleCheck size={24} color="var(--mantine-color-teal-6)" />
          <Text>Your account has been deleted. Taking you to the sign-in page…</Text>
        </Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {isOwner
                ? 'Your account, your company’s workspace and every team member’s access are removed.'
                : 'Your account is removed and you are signed out everywhere.'}
            </Alert>
            <PasswordInput
              label="Password"
              description="Enter your password to confirm."
              autoComplete="current-password"
              data-autofocus
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
