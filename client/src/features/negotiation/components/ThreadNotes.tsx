import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createNoteInput } from '@shared/schemas/notes';
import { formatTime } from '@shared/dates';
import { applyFormErrors } from '@client/lib/errors';
import { useCreateNote, useNdaNotes } from '../api/notes';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Thread } from '../types';

/**
 * The sending team's internal notes on a thread, in their own colour and labelled as internal, with a
 * box to add one. Nothing is asked for on a recipient's page: they never see a note.
 */
export function ThreadNotes({ thread, review }: { thread: Thread; review: NdaReview }) {
  const sender = review.side === 'sender';
  const notes = useNdaNotes(thread.nda, sender);
  const create = useCreateNote(thread.nda);
  const form = useForm({ initialValues: { text: '' }, validate: schemaResolver(createNoteInput, { sync: true }) });
  if (!sender) return null;
  const own = (notes.data ?? []).filter((n) => n.commentThread === thread.id);
  const save = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync({ id: thread.id, text: values.text.trim() });
      form.reset();
    } catch (err) {
      applyFormErrors(form, err, { id: 'text' });
    }
  });
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      mt="xs"
      bg="var(--mantine-color-yellow-0)"
      style={{ borderColor: 'var(--mantine-color-yellow-5)' }}
      data-testid="thread-notes"
      onClick={(e) => e.stopPropagation()}
    >
      <Text fz="xs" fw={700}>
        Internal notes: only your team sees these
      </Text>
      {own.length > 0 && (
        <Stack gap={4} mt={4}>
          {own.map((note) => (
            <div key={note.id} data-testid="thread-note">
              <Text fz="xs" c="dimmed">
                {note.author} · {formatTime(note.created)}
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
            </div>
          ))}
        </Stack>
      )}
      <form onSubmit={save} noValidate aria-label="Add an internal note">
        <Group gap={6} align="flex-end" wrap="nowrap" mt={6}>
          <Textarea
            placeholder="Note for your team…"
            aria-label="Internal note"
            autosize
            minRows={1}
            maxRows={4}
            size="xs"
            style={{ flex: 1 }}
            {...form.getInputProps('text')}
          />
          <Button size="compact-sm" variant="default" type="submit" loading={create.isPending}>
            Add note
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
