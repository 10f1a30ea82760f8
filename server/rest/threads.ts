import type { FastifyInstance } from 'fastify';
import { commentListInput, createCommentInput, createPointerInput, createThreadInput, threadListInput, updateTextInput } from '../../shared/schemas/threads.js';
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
  route(app, core, { method: 'GET', url: `${T}/`, auth: 'required', input: threadListInput, handler: async (i, a) => onePage(await listThreads(core, a, i.nda)) });
  route(app, core, { method: 'POST', url: `${T}/`, auth: 'required', input: createThreadInput, status: 201, handler: (i, a, m) => createThread(core, a, i, m) });
  route(app, core, { method: 'GET', url: `${T}/:id/`, auth: 'required', handler: (_i, a, { req }) => getThread(core, a, idParam(req)) });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, { method, url: `${T}/:id/`, auth: 'required', input: updateTextInput, handler: (i, a, { req }) => updateThread(core, a, idParam(req), i) });
    route(app, core, { method, url: '/projects/comments/:id/', auth: 'required', input: updateTextInput, handler: (i, a, { req }) => changeComment(core, a, idParam(req), i.text) });
  }
  route(app, core, {
    method: 'DELETE',
    url: `${T}/:id/`,
    auth: 'required',
    status: 204,
    handler: (_i, a, { req, ip }) => deleteThread(core, a, idParam(req), { ip }),
  });
  // The spec's client approves and rejects with GET; POST does the same.
  for (const method of ['GET', 'POST'] as const) {
    route(app, core, { method, url: `${T}/:id/negotiation_approve/`, auth: 'required', handler: (_i, a, { req, ip }) => negotiateThread(core, a, idParam(req), 'approve', { ip }) });
    route(app, core, { method, url: `${T}/:id/negotiation_reject/`, auth: 'required', handler: (_i, a, { req, ip }) => negotiateThread(core, a, idParam(req), 'reject', { ip }) });
  }

  route(app, core, { method: 'GET', url: '/projects/comments/', auth: 'required', input: commentListInput, handler: async (i, a) => onePage(await listComments(core, a, i.commentThread)) });
  route(app, core, { method: 'POST', url: '/projects/comments/', auth: 'required', input: createCommentInput, status: 201, handler: (i, a, m) => createComment(core, a, i, m) });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/comments/:id/',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => changeComment(core, a, idParam(req), null),
  });
  route(app, core, { method: 'GET', url: '/projects/negotiations/', auth: 'required', input: commentListInput, handler: async (i, a) => onePage(await listNegotiations(core, a, i.commentThread)) });
  route(app, core, { method: 'POST', url: '/projects/pointers/', auth: 'required', input: createPointerInput, status: 201, handler: (i, a) => addPointer(core, a, i) });
  route(app, core, {
    method: 'DELETE',
    url: '/projects/pointers/:id/',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deletePointer(core, a, idParam(req)),
  });
}
