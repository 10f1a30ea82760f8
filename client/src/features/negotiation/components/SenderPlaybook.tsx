import { threadOutcome } from '@shared/clauses';
import { PLAYBOOK_REPLY, ThreadPlaybook, useProjectPlaybook } from '@client/features/playbook';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import type { ThreadMutations } from '../api/thread-mutations';
import type { NdaReview } from '../hooks/use-nda-review';
import type { Thread } from '../types';

/** The playbook of a thread's clause, for the sending team only: nothing is asked for on a recipient's page. */
export function SenderPlaybook({
  thread,
  review,
  mutations,
}: {
  thread: Thread;
  review: NdaReview;
  mutations: ThreadMutations;
}) {
  const sender = review.side === 'sender';
  const playbook = useProjectPlaybook(review.project.id, sender && thread.clause !== null);
  const entry = thread.clause && playbook.data?.clauses.find((c) => c.key === thread.clause!.key);
  if (!sender || !entry) return null;
  const open = threadOutcome(thread.negotiationStatus) === 'open';
  return (
    <ThreadPlaybook
      entry={entry}
      proposal={thread.proposal}
      canPropose={review.canReply && open}
      proposing={mutations.reply.isPending && mutations.reply.variables?.commentThread === thread.id}
      onPropose={(wording) =>
        mutations.reply.mutate(
          { commentThread: thread.id, text: PLAYBOOK_REPLY, proposal: wording },
          { onError: (err) => notifyError(errorMessageOf(err)) },
        )
      }
    />
  );
}
