import type { FastifyInstance } from 'fastify';
import {
  commentListInput,
  createCommentInput,
  createPointerInput,
  createThreadInput,
  rejectInput,
  threadListInput,
  updateTextInput,
} from '@shared/schemas/threads.js';
import { changeComment } from '../commands/comments/change-comment.js';
import { createComment } from '../commands/comments/create-comment.js';
import { addPointer, deletePointer } from '../commands/pointers/change-pointer.js';
import { createThread } from '../commands/threads/create-thread.js';
import { deleteThread } from '../commands/threads/delete-thread.js';
import { negotiateThread } from '../commands/threads/negotiate-thread.js';
import { updateThread } from '../commands/threads/update-thread.js';
import type { Core } from '../core.js';
import { getThread, listComments, listNegotiations, listThreads } from '../queries/threads/list-threads.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** Comment threads, comments, pointers and negotiation moves (the spec's calls; `limit` is accepted, threads of one NDA come in one page). */
export function threadRoutes(app: FastifyInstance, core: Core): void {
  const T = '/projects/comment_threads';
  route(app, core, {
    method: 'GET',
    url: `${T}/`,
    summary: 'Lists the comment threads of an NDA, oldest first, with their pointers and comments.',
    description: 'All threads of the NDA come in one page; `limit` is accepted and ignored.',
    auth: 'required',
    input: threadListInput,
    handler: async (i, a) => onePage(await listThreads(core, { actor: a, ndaId: i.nda })),
  });
  route(app, core, {
    method: 'POST',
    url: `${T}/`,
    summary:
      'Opens a comment thread on an NDA at one or more pointers, optionally quoting a clause and proposing wording.',
    description:
      'Each pointer places the thread on a page: page counts from 1, and x and y are fractions (0..1) of the width and height of the visible page. `quote` (optional, up to 2000 characters) is the clause selected on the page; `proposal` (optional, up to 5000 characters) the wording asked for instead. A thread can be opened only while the NDA is neither recalled nor signed and no signer of the group has passed on the opportunity.',
    auth: 'required',
    input: createThreadInput,
    status: 201,
    handler: (i, a, m) => createThread(core, { actor: a, input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'GET',
    url: `${T}/:id/`,
    summary: 'Answers one comment thread with its pointers and comments.',
    auth: 'required',
    handler: (_i, a, { req }) => getThread(core, { actor: a, threadId: idParam(req) }),
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, {
      method,
      url: `${T}/:id/`,
      summary: 'Edits the text of a comment thread.',
      description:
        'Only the author of the thread, while the thread is not settled by both parties and the NDA is neither recalled nor signed.',
      auth: 'required',
      input: updateTextInput,
      handler: (i, a, { req }) => updateThread(core, { actor: a, threadId: idParam(req), input: i }),
    });
    route(app, core, {
      method,
      url: '/projects/comments/:id/',
      summary: 'Edits the text of a comment.',
      description:
        'Only the author of the comment, while its thread is not settled by both parties and the NDA is neither recalled nor signed.',
      auth: 'required',
      input: updateTextInput,
      handler: (i, a, { req }) => changeComment(core, { actor: a, commentId: idParam(req), text: i.text }),
    });
  }
  route(app, core, {
    method: 'DELETE',
    url: `${T}/:id/`,
    summary: 'Deletes a comment thread with its pointers and comments.',
    description:
      'Only the author of the thread, while the thread is not settled by both parties and the NDA is neither recalled nor signed.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req, ip }) => deleteThread(core, { actor: a, threadId: idParam(req), ip }),
  });
  // The spec's client approves and rejects with GET; POST does the same.
  for (const method of ['GET', 'POST'] as const) {
    route(app, core, {
      method,
      url: `${T}/:id/negotiation_approve/`,
      summary: 'Approves a comment thread for the side of the caller and answers the thread.',
      description:
        'GET and POST do the same. Moves follow the negotiation state machine of shared/negotiation.ts: the author of a thread may not make the first move on it, the two sides take turns, and approval by both parties is final. A refused move answers 400 with the reason (403 without the add_negotiation permission).',
      auth: 'required',
      handler: (_i, a, { req, ip }) => negotiateThread(core, { actor: a, threadId: idParam(req), move: 'approve', ip }),
    });
    route(app, core, {
      method,
      url: `${T}/:id/negotiation_reject/`,
      summary: 'Rejects a comment thread for the side of the caller and answers the thread.',
      description:
        "GET and POST do the same. Moves follow the negotiation state machine of shared/negotiation.ts: the author of a thread may not make the first move on it, the two sides take turns, and approval by both parties is final. A refused move answers 400 with the reason (403 without the add_negotiation permission). An optional reason (query or body) is posted in the thread as the caller's reply, with the move.",
      auth: 'required',
      input: rejectInput,
      handler: (i, a, { req, ip }) =>
        negotiateThread(core, { actor: a, threadId: idParam(req), move: 'reject', reason: i.reason, ip }),
    });
  }

  route(app, core, {
    method: 'GET',
    url: '/projects/comments/',
    summary: 'Lists the comments of a comment thread, oldest first.',
    auth: 'required',
    input: commentListInput,
    handler: async (i, a) => onePage(await listComments(core, { actor: a, threadId: i.commentThread })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/comments/',
    summary: 'Adds a comment to a comment thread, optionally with a counter-proposal.',
    description:
      "`proposal` (optional, up to 5000 characters) becomes the thread's current wording; a thread one side had approved or rejected goes back to `unresolved`, and an agreed thread refuses new wording (400). Refused once the NDA is recalled or signed, or a signer of the group has passed on the opportunity.",
    auth: 'required',
    input: createCommentInput,
    status: 201,
    handler: (i, a, m) => createComment(core, { actor: a, input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/comments/:id/',
    summary: 'Deletes a comment.',
    description:
      'Only the author of the comment, while its thread is not settled by both parties and the NDA is neither recalled nor signed.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => changeComment(core, { actor: a, commentId: idParam(req), text: null }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/negotiations/',
    summary: 'Lists the negotiation moves (approvals and rejections) made on a comment thread, oldest first.',
    auth: 'required',
    input: commentListInput,
    handler: async (i, a) => onePage(await listNegotiations(core, { actor: a, threadId: i.commentThread })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/pointers/',
    summary: 'Adds a pointer to a comment thread.',
    description:
      'Only the author of the thread. Page counts from 1, and x and y are fractions (0..1) of the width and height of the visible page.',
    auth: 'required',
    input: createPointerInput,
    status: 201,
    handler: (i, a) => addPointer(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/pointers/:id/',
    summary: 'Removes a pointer from a comment thread.',
    description:
      'Only the author of the thread, while the NDA is neither recalled nor signed; a thread keeps at least one pointer.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deletePointer(core, { actor: a, pointerId: idParam(req) }),
  });
}
