import { createNoteIdInput, ndaNotesInput, noteThreadInput } from '@shared/schemas/notes.js';
import { createNote } from '../commands/notes/create-note.js';
import { listNdaNotes, listThreadNotes } from '../queries/notes/list-notes.js';
import { authedProcedure, router } from './trpc.js';

/** Internal notes on threads: the sending team's only (404 to anyone else). */
export const notesRouter = router({
  list: authedProcedure
    .input(noteThreadInput)
    .query(({ ctx, input }) => listThreadNotes(ctx.core, { actor: ctx.actor, threadId: input.id })),
  ofNda: authedProcedure
    .input(ndaNotesInput)
    .query(({ ctx, input }) => listNdaNotes(ctx.core, { actor: ctx.actor, ndaId: input.nda })),
  create: authedProcedure
    .input(createNoteIdInput)
    .mutation(({ ctx, input }) =>
      createNote(ctx.core, { actor: ctx.actor, threadId: input.id, input: { text: input.text } }),
    ),
});
