import { useForm } from '@mantine/form';
import { NOTE_MAX, SENDING_MESSAGES, SUBJECT_MAX } from '@shared/schemas/sending';

export interface SendValues {
  subject: string;
  note: string;
}

const required = (message: string, max: number) => (value: string) => {
  if (!value.trim()) return message;
  if (value.length > max) return `Ensure this field has no more than ${max} characters.`;
  return null;
};

/** Subject and note, both required: checked on blur and on submit (spec 2, section 5). */
export function useSendForm(initial: Partial<SendValues> = {}) {
  return useForm<SendValues>({
    initialValues: { subject: initial.subject ?? '', note: initial.note ?? '' },
    validateInputOnBlur: true,
    validate: {
      subject: required(SENDING_MESSAGES.subjectRequired, SUBJECT_MAX),
      note: required(SENDING_MESSAGES.noteRequired, NOTE_MAX),
    },
  });
}
