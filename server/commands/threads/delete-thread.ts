import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction } from '@server/policies/negotiation.js';
import { publishThreadDeleted } from '@server/realtime/publishers/threads.js';
import { recordEvent } from '../events/record-event.js';
import { lockThread } from './load-thread.js';

/** The author deletes the thread (with its pointers and comments) while it is not settled. */
export async function deleteThread(
  core: Core,
  { actor, threadId, ip }: { actor: Actor; threadId: number; ip: string },
): Promise<void> {
  await core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId });
    authorizeThreadAction(abilityContext(actor, p), 'deleteThread', thread);
    // Database trigger comment_threads_report_count (migration 2026_11_23_0050) updates ndas.thread_count.
    await tx.db.deleteFrom('commentThreads').where('id', '=', thread.id).execute();
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: 'comments_thread_deleted',
      ndaId: p.nda.id,
      subjectId: thread.id,
      ip,
    });
    publishThreadDeleted(core, tx, { nda: p.nda.id, project: p.project.id, thread: thread.id });
  });
}
