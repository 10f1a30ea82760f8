import type { z } from 'zod';
import { isCommentable } from '@shared/nda-lifecycle.js';
import type { createThreadInput } from '@shared/schemas/threads.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import {
  abilityContext,
  authorizeParticipant,
  authorizeThreadAction,
  THREAD_MESSAGES,
} from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { publishThreadCreated } from '@server/realtime/publishers/threads.js';
import { recordEvent } from '../events/record-event.js';

/** Opens a comment thread at one or more pointers on the NDA's pages. */
export async function createThread(
  core: Core,
  { actor, input, ip }: { actor: Actor; input: z.output<typeof createThreadInput>; ip: string },
) {
  return core.tx(async (tx) => {
    const p = await authorizeParticipant(tx.db, actor, input.nda);
    authorizeThreadAction(abilityContext(actor, p), 'openThread');
    if (input.pointers.some((pt) => pt.page > p.nda.pageCount))
      throw AppError.fields({ page: `The document has ${p.nda.pageCount} page(s).` });
    // Lock the NDA so a thread cannot be opened on a document being signed or recalled right now,
    // and check it again under the lock (it may have been signed since it was read).
    const locked = await tx.db
      .selectFrom('ndas')
      .select(['isSent', 'isRecalled', 'isSigned'])
      .where('id', '=', p.nda.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!isCommentable(locked)) throw AppError.nonField(THREAD_MESSAGES.closed);
    const thread = await tx.db
      .insertInto('commentThreads')
      .values({ ndaId: p.nda.id, authorId: actor.user.id, text: input.text })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('pointers')
      .values(input.pointers.map((pt) => ({ commentThreadId: thread.id, page: pt.page, x: pt.x, y: pt.y })))
      .execute();
    await recordEvent(core, tx, {
      projectId: p.project.id,
      projectBranchId: p.branch.id,
      authorId: actor.user.id,
      status: 'new_comments_thread',
      ndaId: p.nda.id,
      subjectId: thread.id,
      ip,
    });
    const dto = await presentThread(tx.db, thread);
    publishThreadCreated(core, tx, { thread: dto });
    return dto;
  });
}
