import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NOTE_MAX, SUBJECT_MAX } from '@shared/schemas/sending';
import type { SendValues } from './use-send-form';

/** Subject and note of the NDA e-mail. */
export function SendFields({ form, disabled }: { form: UseFormReturnType<SendValues>; disabled?: boolean }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Subject"
        placeholder="For example, the name of project."
        required
        maxLength={SUBJECT_MAX}
        disabled={disabled}
        {...form.getInputProps('subject')}
      />
      <Textarea
        size="md"
        label="Write a note"
        placeholder="This note will be sent with the NDA to recipients"
        required
        minRows={6}
        rows={6}
        autosize
        maxRows={14}
        maxLength={NOTE_MAX}
        disabled={disabled}
        {...form.getInputProps('note')}
      />
    </Stack>
  );
}
