import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { replyForm } from '@shared/schemas/forms';
import { applyFormErrors } from '@client/lib/errors';
import type { ThreadMutations } from '../api/thread-mutations';

/** A reply to a thread, with other wording proposed when the box is ticked; cleared once sent. */
export function useReplyForm(threadId: number, mutations: ThreadMutations) {
  const [proposing, setProposing] = useState(false);
  const form = useForm({
    initialValues: { text: '', proposal: '' },
    validate: schemaResolver(replyForm, { sync: true }),
  });
  const send = form.onSubmit(async (values) => {
    try {
      await mutations.reply.mutateAsync({
        commentThread: threadId,
        text: values.text.trim(),
        proposal: proposing ? values.proposal.trim() || null : null,
      });
      form.reset();
      setProposing(false);
    } catch (err) {
      applyFormErrors(form, err, { commentThread: 'text' });
    }
  });
  const sending = mutations.reply.isPending && mutations.reply.variables?.commentThread === threadId;
  return { form, proposing, setProposing, send, sending };
}
