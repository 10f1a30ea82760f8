import type { FastifyInstance } from 'fastify';
import { createNoteInput } from '@shared/schemas/notes.js';
import { createNote } from '../commands/notes/create-note.js';
import type { Core } from '../core.js';
import { listThreadNotes } from '../queries/notes/list-notes.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

const INTERNAL =
  'Internal notes are the sending team’s own: the project’s owner and managers read and write them; a recipient of the group, like anyone else, gets 404. No note reaches a recipient by any door: not in threads, comments, events, e-mails, the signed file or its certificate, nor live (`note.created` goes to the project’s room only).';

/** Internal notes on a thread, for the sending team only. */
export function noteRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/comment_threads/:id/notes/',
    summary: 'Lists the internal notes of a comment thread, oldest first.',
    description: `${INTERNAL} Answers \`{id, commentThread, nda, text, author, authorId, created}\` each, in one page.`,
    auth: 'required',
    handler: async (_i, a, { req }) => onePage(await listThreadNotes(core, { actor: a, threadId: idParam(req) })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/comment_threads/:id/notes/',
    summary: 'Adds an internal note to a comment thread and answers it.',
    description: `${INTERNAL} Takes \`{text}\` (1 to 5000 characters), at any stage of the negotiation; it records no event and sends no e-mail.`,
    auth: 'required',
    input: createNoteInput,
    status: 201,
    handler: (i, a, { req }) => createNote(core, { actor: a, threadId: idParam(req), input: i }),
  });
}
