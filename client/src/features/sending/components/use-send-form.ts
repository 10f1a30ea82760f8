import { schemaResolver, useForm } from '@mantine/form';
import { sendNdaInput } from '@shared/schemas/sending';

export interface SendValues {
  subject: string;
  note: string;
}

/** Subject and note, both required: checked on blur and on submit (spec 2, section 5). */
export function useSendForm(initial: Partial<SendValues> = {}) {
  return useForm<SendValues>({
    initialValues: { subject: initial.subject ?? '', note: initial.note ?? '' },
    validateInputOnBlur: true,
    validate: schemaResolver(sendNdaInput, { sync: true }),
  });
}
