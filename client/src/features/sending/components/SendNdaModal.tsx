import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { applyFormErrors } from '@client/lib/errors';
import { type SendResult, useSendNda } from '../api/sending';
import { useCloseAfter } from '../hooks/use-close-after';
import { SendButton } from './SendButton';
import { SendFields } from './SendFields';
import { SentConfirmation } from './SentConfirmation';
import { type SendValues, useSendForm } from './use-send-form';

interface SendNdaModalProps {
  opened: boolean;
  onClose: () => void;
  branchId: number;
  /** One recipient (user id and name) instead of the whole group. */
  signer?: { id: number; name: string } | null;
  /** Subject suggested to the sender (the project's name). */
  defaultSubject?: string;
  /** After the success message has shown for 3 seconds. */
  onSent?: (result: SendResult) => void;
}

/** The send-NDA modal: subject and note, then Send; it closes 3 seconds after success. */
export function SendNdaModal({ opened, onClose, branchId, signer, defaultSubject, onSent }: SendNdaModalProps) {
  const form = useSendForm({ subject: defaultSubject });
  const send = useSendNda();
  const [result, setResult] = useState<SendResult | null>(null);
  const inflight = useRef(false);

  const finish = useCallback(() => {
    const done = result;
    setResult(null);
    form.reset();
    onClose();
    if (done) onSent?.(done);
  }, [result, form, onClose, onSent]);
  useCloseAfter(result !== null, finish);

  const sendNow = async (values: SendValues) => {
    if (inflight.current) return; // a second click while sending is ignored
    inflight.current = true;
    try {
      setResult(
        await send.mutateAsync({
          branchId,
          subject: values.subject.trim(),
          note: values.note.trim(),
          signer: signer?.id,
        }),
      );
    } catch (err) {
      applyFormErrors(form, err);
    } finally {
      inflight.current = false;
    }
  };
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    // The modal sits in a portal: its submit must not reach a form around the component that opened it.
    event?.stopPropagation();
    form.onSubmit(sendNow)(event);
  };

  return (
    <Modal
      opened={opened}
      onClose={result ? finish : onClose}
      title={signer ? `Send the NDA to ${signer.name}` : 'Send the NDA'}
      size="lg"
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      {result ? (
        <SentConfirmation count={result.sent} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {signer ? 'The recipient receives' : 'Every recipient of the group receives'} an e-mail with your subject
              and note and a link to review and sign the NDA.
            </Text>
            <SendFields form={form} disabled={send.isPending} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={send.isPending}>
                Cancel
              </Button>
              <SendButton pending={send.isPending} />
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
