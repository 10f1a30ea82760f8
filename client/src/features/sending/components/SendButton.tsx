import { Button, type ButtonProps, Loader } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

/** Send, reading 'Send...' while the NDA goes out; clicks meanwhile are ignored by the form. */
export function SendButton({ pending, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button
      type="submit"
      aria-busy={pending}
      leftSection={pending ? <Loader size={14} color="white" /> : <IconSend size={16} />}
      style={{ cursor: pending ? 'progress' : undefined }}
      {...props}
    >
      {pending ? 'Send...' : 'Send'}
    </Button>
  );
}
