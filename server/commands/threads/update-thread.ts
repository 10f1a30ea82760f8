import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction } from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { publishThreadUpdated } from '@server/realtime/publishers/threads.js';
import { lockThread } from './load-thread.js';

/** The author edits the thread's text while it is not settled by both parties. */
export async function updateThread(
  core: Core,
  { actor, threadId, input }: { actor: Actor; threadId: number; input: { text: string } },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId });
    authorizeThreadAction(abilityContext(actor, p), 'editThread', thread);
    const row = await tx.db
      .updateTable('commentThreads')
      .set({ text: input.text, updatedAt: new Date() })
      .where('id', '=', thread.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const dto = await presentThread(tx.db, row);
    publishThreadUpdated(core, tx, { thread: dto, project: p.project.id });
    return dto;
  });
}
