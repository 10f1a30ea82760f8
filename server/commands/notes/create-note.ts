import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeThreadNotes } from '@server/policies/negotiation.js';
import { type NoteDto, presentNote } from '@server/presenters/note.js';
import { displayName } from '@server/presenters/thread.js';
import { publishNoteCreated } from '@server/realtime/publishers/notes.js';

/**
 * POST /projects/comment_threads/{id}/notes/: an internal note on a thread, by its sending team, at any
 * stage of the negotiation. It records no event and queues no e-mail (both reach recipients), and goes
 * live to the project's senders only.
 */
export async function createNote(
  core: Core,
  { actor, threadId, input }: { actor: Actor; threadId: number; input: { text: string } },
): Promise<NoteDto> {
  return core.tx(async (tx) => {
    const { participation: p } = await authorizeThreadNotes(tx.db, actor, threadId);
    const row = await tx.db
      .insertInto('threadNotes')
      .values({ commentThreadId: threadId, authorId: actor.user.id, text: input.text })
      .returningAll()
      .executeTakeFirstOrThrow();
    const note = presentNote(row, p.nda.id, new Map([[actor.user.id, displayName(actor.user)]]));
    publishNoteCreated(core, tx, { project: p.project.id, note });
    return note;
  });
}
