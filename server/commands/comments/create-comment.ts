import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction } from '@server/policies/negotiation.js';
import { authorNames, presentComment } from '@server/presenters/thread.js';
import { publishCommentCreated } from '@server/realtime/publishers/comments.js';
import { recordEvent } from '../events/record-event.js';
import { lockThread } from '../threads/load-thread.js';

/** A reply in a thread, by either side. */
export async function createComment(
  core: Core,
  { actor, input, ip }: { actor: Actor; input: { commentThread: number; text: string }; ip: string },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(core, tx, { actor, threadId: input.commentThread });
    authorizeThreadAction(abilityContext(actor, p), 'reply');
    const row = await tx.db
      .insertInto('comments')
      .values({ commentThreadId: thread.id, authorId: actor.user.id, text: input.text })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: 'new_comment',
      ndaId: p.nda.id,
      subjectId: row.id,
      ip,
    });
    const dto = presentComment(row, await authorNames(tx.db, [row.authorId]));
    publishCommentCreated(core, tx, { nda: p.nda.id, comment: dto });
    return dto;
  });
}
