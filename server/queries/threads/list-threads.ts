import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeParticipant, can } from '@server/policies/negotiation.js';
import { authorNames, presentComment, presentThreads, proposalsOfComments } from '@server/presenters/thread.js';

/** The threads of an NDA, oldest first, with pointers and comments. */
export async function listThreads(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }) {
  await authorizeParticipant(core.db, actor, ndaId);
  if (!can(actor, 'view_commentthread')) throw AppError.forbidden();
  const threads = await core.db
    .selectFrom('commentThreads')
    .selectAll()
    .where('ndaId', '=', ndaId)
    .orderBy('id')
    .execute();
  return presentThreads(core.db, threads);
}

async function visibleThread(core: Core, actor: Actor, threadId: number) {
  const thread = await core.db.selectFrom('commentThreads').selectAll().where('id', '=', threadId).executeTakeFirst();
  if (!thread) throw AppError.notFound();
  await authorizeParticipant(core.db, actor, thread.ndaId);
  return thread;
}

export async function getThread(core: Core, { actor, threadId }: { actor: Actor; threadId: number }) {
  const thread = await visibleThread(core, actor, threadId);
  return (await presentThreads(core.db, [thread]))[0]!;
}

export async function listComments(core: Core, { actor, threadId }: { actor: Actor; threadId: number }) {
  await visibleThread(core, actor, threadId);
  const rows = await core.db
    .selectFrom('comments')
    .selectAll()
    .where('commentThreadId', '=', threadId)
    .orderBy('id')
    .execute();
  const names = await authorNames(
    core.db,
    rows.map((r) => r.authorId),
  );
  const carried = await proposalsOfComments(
    core.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentComment(r, names, carried.get(r.id) ?? null));
}

/** Every move made on a thread, oldest first. */
export async function listNegotiations(core: Core, { actor, threadId }: { actor: Actor; threadId: number }) {
  await visibleThread(core, actor, threadId);
  const rows = await core.db
    .selectFrom('negotiations')
    .selectAll()
    .where('commentThreadId', '=', threadId)
    .orderBy('id')
    .execute();
  const names = await authorNames(
    core.db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => ({
    id: r.id,
    commentThread: r.commentThreadId,
    author: (r.authorId && names.get(r.authorId)) || 'Deleted user',
    authorId: r.authorId,
    side: r.side,
    move: r.move,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    created: r.createdAt.toISOString(),
  }));
}
