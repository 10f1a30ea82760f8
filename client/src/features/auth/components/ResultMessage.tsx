import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface ResultMessageProps {
  status: 'success' | 'error';
  message: string;
  detail?: string;
  /** The next step; `state` travels with the navigation (the e-mail to sign in with). */
  action: { label: string; to: string; state?: unknown };
}

/** The outcome of an auth step (registered, activated, password changed), with the next step. */
export function ResultMessage({ status, message, detail, action }: ResultMessageProps) {
  const success = status === 'success';
  return (
    <Stack gap="md" align="flex-start" role="status">
      <ThemeIcon size={48} radius="xl" variant="light" color={success ? 'teal' : 'red'}>
        {success ? <IconCircleCheck size={28} /> : <IconAlertTriangle size={28} />}
      </ThemeIcon>
      <Text fz="lg" fw={600}>
        {message}
      </Text>
      {detail && <Text c="dimmed">{detail}</Text>}
      <Button component={Link} to={action.to} state={action.state} variant={success ? 'filled' : 'light'} mt="sm">
        {action.label}
      </Button>
    </Stack>
  );
}
