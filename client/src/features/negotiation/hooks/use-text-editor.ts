import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * Editing one text in place (a thread's or a reply's): Edit opens it with the text as it stands now,
 * Save sends the trimmed text and closes it once the server has it, Cancel closes it.
 */
export function useTextEditor({
  text,
  schema,
  save,
  validateInputOnChange = false,
}: {
  text: string;
  schema: z.ZodType<{ text: string }>;
  /** Sends the text; calls `done` once it is saved. */
  save: (text: string, done: () => void) => void;
  validateInputOnChange?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { text },
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange,
  });
  return {
    editing,
    form,
    draft: form.getValues().text,
    start: () => {
      form.setValues({ text });
      setEditing(true);
    },
    cancel: () => setEditing(false),
    submit: form.onSubmit((v) => save(v.text.trim(), () => setEditing(false))),
  };
}
