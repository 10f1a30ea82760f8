import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNdaNotes, authorizeThreadNotes } from '@server/policies/negotiation.js';
import { type NoteDto, presentNote } from '@server/presenters/note.js';
import { authorNames } from '@server/presenters/thread.js';

/** GET /projects/comment_threads/{id}/notes/: a thread's internal notes, oldest first; sending team only. */
export async function listThreadNotes(
  core: Core,
  { actor, threadId }: { actor: Actor; threadId: number },
): Promise<NoteDto[]> {
  const { participation } = await authorizeThreadNotes(core.db, actor, threadId);
  const rows = await core.db
    .selectFrom('threadNotes')
    .selectAll()
    .where('commentThreadId', '=', threadId)
    .orderBy('id')
    .execute();
  const names = await authorNames(
    core.db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => presentNote(r, participation.nda.id, names));
}

/** The internal notes of every thread of an NDA, oldest first, in one read: what its page shows the team. */
export async function listNdaNotes(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }): Promise<NoteDto[]> {
  await authorizeNdaNotes(core.db, actor, ndaId);
  const rows = await core.db
    .selectFrom('threadNotes')
    .innerJoin('commentThreads', 'commentThreads.id', 'threadNotes.commentThreadId')
    .selectAll('threadNotes')
    .where('commentThreads.ndaId', '=', ndaId)
    .orderBy('threadNotes.id')
    .execute();
  const names = await authorNames(
    core.db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => presentNote(r, ndaId, names));
}
