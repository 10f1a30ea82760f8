import { Alert, Blockquote, Stack, Text, Textarea } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMapPin, IconPointer } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useRef } from 'react';
import { threadForm } from '@shared/schemas/forms';
import { applyFormErrors } from '@client/lib/errors';
import type { ThreadMutations } from '../api/thread-mutations';
import type { PendingPointer, Thread } from '../types';

export const SET_POINTER = 'set pointer';

interface ThreadFormProps {
  ndaId: number;
  pending: PendingPointer | null;
  mutations: ThreadMutations;
  onCancel: () => void;
  onCreated: (thread: Thread) => void;
}

/** A new comment thread at the pointer placed on the page: its text, then Add comment. */
export function ThreadForm({ ndaId, pending, mutations, onCancel, onCreated }: ThreadFormProps) {
  const form = useForm({
    initialValues: { text: '', proposal: '', pointer: '' },
    validate: schemaResolver(threadForm, { sync: true }),
  });

  const textRef = useRef<HTMLTextAreaElement>(null);
  const wide = useMediaQuery('(min-width: 75em)');
  const touch = useMediaQuery('(pointer: coarse)');
  const placed = pending !== null;

  // Placing the pointer answers the 'set pointer' message.
  useEffect(() => {
    if (pending) form.clearFieldError('pointer');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the pointer changes
  }, [pending]);

  // Once a pointer is placed, the text is next. Beside the document (wide screens) the form is
  // brought into view; below it (narrow screens) the page stays put so the pointer can still move.
  useEffect(() => {
    const text = textRef.current;
    if (!placed || !text) return;
    text.focus({ preventScroll: true });
    if (wide) text.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [placed, wide]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { hasErrors } = form.validate();
    if (!pending) form.setFieldError('pointer', SET_POINTER);
    if (hasErrors || !pending) return;
    try {
      const values = form.getValues();
      const thread = await mutations.create.mutateAsync({
        nda: ndaId,
        text: values.text.trim(),
        pointers: [{ page: pending.page, x: pending.x, y: pending.y }],
        quote: pending.quote,
        proposal: values.proposal.trim() || null,
      });
      form.reset();
      onCreated(thread);
    } catch (err) {
      applyFormErrors(form, err, {
        pointers: 'pointer',
        page: 'pointer',
        x: 'pointer',
        y: 'pointer',
        quote: 'pointer',
      });
    }
  };

  const pointerError = form.errors.pointer;
  const howToPlace = touch
    ? 'Tap the page where your comment applies, or press and hold a word to quote its sentence.'
    : `Click on the document${wide ? '' : ' above'} where your comment applies, or select the clause's words to quote them.`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New comment">
      <Stack gap="sm">
        <Alert
          variant="light"
          color={pointerError ? 'red' : pending ? 'teal' : 'navy'}
          icon={pending ? <IconMapPin size={18} /> : <IconPointer size={18} />}
          p="xs"
          data-testid="pointer-status"
        >
          <Text fz="sm" role={pointerError ? 'alert' : undefined}>
            {pointerError
              ? `${SET_POINTER}: click on the document where your comment applies, or move to the page with Tab and press Enter.`
              : pending
                ? `Pointer set on page ${pending.page}. Click elsewhere on the page to move it.`
                : `${howToPlace} With the keyboard, move to the page with Tab, choose the place with the arrow keys and press Enter.`}
          </Text>
        </Alert>
        {pending?.quote && (
          <Blockquote color="navy" p="xs" fz="sm" data-testid="pending-quote" cite="Quoted from the page">
            {pending.quote}
          </Blockquote>
        )}
        {/* Over the page (narrow screens) the sheet stays small until the pointer is placed. */}
        {(wide || placed) && (
          <>
            <Textarea
              ref={textRef}
              label="Your comment"
              placeholder="What should change in this clause, and why?"
              autosize
              minRows={3}
              maxRows={8}
              {...form.getInputProps('text')}
            />
            <Textarea
              label="Proposed wording"
              description="Optional: the text you would like instead of the quoted clause."
              placeholder="This Agreement shall be governed by…"
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('proposal')}
            />
          </>
        )}
        <FormActions onCancel={onCancel} busy={mutations.create.isPending} submitLabel="Add comment" />
      </Stack>
    </form>
  );
}
