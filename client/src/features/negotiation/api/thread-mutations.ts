import type { Move, NegotiationStatus } from '@shared/negotiation';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import type { Thread } from '../types';
import { upsertHeld } from './held-proposals';
import {
  addProposal,
  proposalOfReply,
  removeComment,
  removeThread,
  setNegotiationStatus,
  upsertComment,
  upsertThread,
} from './live-updates';

/**
 * The negotiation's writes. Each answer goes into the threads cache through the same reducers as the
 * socket messages (live-updates.ts), so this browser does not wait for its own echo.
 */
export function useThreadMutations(ndaId: number) {
  const utils = trpc.useUtils();
  const update = (change: (list: Thread[] | undefined) => Thread[] | undefined) =>
    utils.threads.list.setData({ nda: ndaId }, (list) => change(list));
  const onError = (err: unknown) => notifyError(errorMessageOf(err));

  const create = trpc.threads.create.useMutation({
    onSuccess: (thread) => update((list) => upsertThread(list, thread)),
  });
  const edit = trpc.threads.update.useMutation({
    onSuccess: (thread) =>
      update((list) =>
        list?.map((t) => (t.id === thread.id ? { ...t, text: thread.text, updated: thread.updated } : t)),
      ),
    onError,
  });
  const remove = trpc.threads.remove.useMutation({
    onSuccess: ({ id }) => update((list) => removeThread(list, id)),
    onError,
  });
  const negotiate = trpc.threads.negotiate.useMutation({
    // A rejection's reason comes back as the thread's newest reply.
    onSuccess: (thread) =>
      update((list) =>
        thread.comments.reduce(
          upsertComment,
          setNegotiationStatus(list, thread.id, thread.negotiationStatus as NegotiationStatus),
        ),
      ),
    onError,
  });
  const reply = trpc.threads.comment.useMutation({
    onSuccess: (comment) => {
      // Held for internal approval: it waits on the team's list, and the thread is unchanged.
      if ('approval' in comment) {
        utils.proposals.held.setData({ nda: ndaId }, (list) => upsertHeld(list, comment));
        return;
      }
      update((list) => {
        const proposal = proposalOfReply(comment);
        const withReply = upsertComment(list, comment);
        return proposal ? addProposal(withReply, comment.commentThread, proposal) : withReply;
      });
    },
  });
  const editComment = trpc.threads.updateComment.useMutation({
    onSuccess: (comment) => comment && update((list) => upsertComment(list, comment)),
    onError,
  });
  const deleteComment = trpc.threads.deleteComment.useMutation({ onError });

  return {
    create,
    edit,
    remove,
    reply,
    editComment,
    negotiate: (thread: Thread, move: Move, options?: { onSuccess?: () => void }) =>
      negotiate.mutate({ id: thread.id, move }, options),
    /** Rejects a thread; a reason, when given, is posted as this side's reply. */
    reject: (thread: Thread, reason: string, options?: { onSuccess?: () => void }) =>
      negotiate.mutate({ id: thread.id, move: 'reject', reason: reason.trim() || null }, options),
    negotiating: negotiate.isPending ? negotiate.variables : undefined,
    deleteComment: (threadId: number, commentId: number) =>
      deleteComment.mutate(
        { id: commentId },
        { onSuccess: () => update((list) => removeComment(list, threadId, commentId)) },
      ),
  };
}

export type ThreadMutations = ReturnType<typeof useThreadMutations>;
