import { z } from 'zod';
import { recordId } from '@shared/schemas/ids.js';
import {
  createCommentInput,
  createPointerInput,
  createThreadInput,
  rejectReason,
  updateTextInput,
} from '@shared/schemas/threads.js';
import { changeComment } from '../commands/comments/change-comment.js';
import { createComment } from '../commands/comments/create-comment.js';
import { addPointer, deletePointer } from '../commands/pointers/change-pointer.js';
import { createThread } from '../commands/threads/create-thread.js';
import { deleteThread } from '../commands/threads/delete-thread.js';
import { negotiateThread } from '../commands/threads/negotiate-thread.js';
import { updateThread } from '../commands/threads/update-thread.js';
import { listNegotiations, listThreads } from '../queries/threads/list-threads.js';
import { authedProcedure, router } from './trpc.js';

const byId = z.object({ id: recordId });

export const threadsRouter = router({
  list: authedProcedure
    .input(z.object({ nda: recordId }))
    .query(({ ctx, input }) => listThreads(ctx.core, { actor: ctx.actor, ndaId: input.nda })),
  create: authedProcedure
    .input(createThreadInput)
    .mutation(({ ctx, input }) => createThread(ctx.core, { actor: ctx.actor, input, ip: ctx.ip })),
  update: authedProcedure
    .input(updateTextInput.extend(byId.shape))
    .mutation(({ ctx, input }) => updateThread(ctx.core, { actor: ctx.actor, threadId: input.id, input })),
  remove: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteThread(ctx.core, { actor: ctx.actor, threadId: input.id, ip: ctx.ip });
    return { id: input.id };
  }),
  negotiate: authedProcedure
    .input(
      z.discriminatedUnion('move', [
        // An approval carries nothing else: a reason goes with a rejection only.
        byId.extend({ move: z.literal('approve') }).strict(),
        byId.extend({ move: z.literal('reject'), reason: rejectReason }),
      ]),
    )
    .mutation(({ ctx, input }) =>
      negotiateThread(ctx.core, {
        actor: ctx.actor,
        threadId: input.id,
        move: input.move,
        reason: input.move === 'reject' ? input.reason : null,
        ip: ctx.ip,
      }),
    ),
  negotiations: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => listNegotiations(ctx.core, { actor: ctx.actor, threadId: input.id })),
  comment: authedProcedure
    .input(createCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.core, { actor: ctx.actor, input, ip: ctx.ip })),
  updateComment: authedProcedure
    .input(updateTextInput.extend(byId.shape))
    .mutation(({ ctx, input }) => changeComment(ctx.core, { actor: ctx.actor, commentId: input.id, text: input.text })),
  deleteComment: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await changeComment(ctx.core, { actor: ctx.actor, commentId: input.id, text: null });
    return { id: input.id };
  }),
  addPointer: authedProcedure
    .input(createPointerInput)
    .mutation(({ ctx, input }) => addPointer(ctx.core, { actor: ctx.actor, input })),
  deletePointer: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deletePointer(ctx.core, { actor: ctx.actor, pointerId: input.id });
    return { id: input.id };
  }),
});
