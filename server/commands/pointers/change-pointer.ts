import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { abilityContext, authorizeThreadAction, negotiationState } from '@server/policies/negotiation.js';
import { presentPointer } from '@server/presenters/thread.js';
import { publishPointerCreated, publishPointerDeleted } from '@server/realtime/publishers/pointers.js';
import { lockThread } from '../threads/load-thread.js';

/** Adds a pointer to a thread (its author only). */
export async function addPointer(
  core: Core,
  { actor, input }: { actor: Actor; input: { commentThread: number; page: number; x: number; y: number } },
) {
  return core.tx(async (tx) => {
    const { thread, participation: p } = await lockThread(tx, { actor, threadId: input.commentThread });
    const state = await negotiationState(tx.db, p);
    authorizeThreadAction(abilityContext(actor, p, state), 'addPointer', thread);
    if (input.page > p.nda.pageCount)
      throw AppError.fields('invalid_input', { page: `The document has ${p.nda.pageCount} page(s).` });
    const row = await tx.db
      .insertInto('pointers')
      .values({ commentThreadId: thread.id, page: input.page, x: input.x, y: input.y })
      .returningAll()
      .executeTakeFirstOrThrow();
    const dto = presentPointer(row);
    publishPointerCreated(core, tx, { nda: p.nda.id, project: p.project.id, pointer: dto });
    return dto;
  });
}

/** Removes a pointer (the thread's author only); a thread keeps at least one. */
export async function deletePointer(
  core: Core,
  { actor, pointerId }: { actor: Actor; pointerId: number },
): Promise<void> {
  await core.tx(async (tx) => {
    const pointer = await tx.db.selectFrom('pointers').selectAll().where('id', '=', pointerId).executeTakeFirst();
    if (!pointer) throw AppError.notFound();
    const { thread, participation: p } = await lockThread(tx, { actor, threadId: pointer.commentThreadId });
    authorizeThreadAction(abilityContext(actor, p), 'deletePointer', thread);
    const count = await tx.db
      .selectFrom('pointers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('commentThreadId', '=', thread.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) <= 1)
      throw AppError.nonField('pointer_required', 'A thread keeps at least one pointer; delete the thread instead.');
    await tx.db.deleteFrom('pointers').where('id', '=', pointer.id).execute();
    publishPointerDeleted(core, tx, { nda: p.nda.id, project: p.project.id, thread: thread.id, pointer: pointer.id });
  });
}
