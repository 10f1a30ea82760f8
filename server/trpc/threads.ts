import { z } from 'zod';
import { createCommentInput, createPointerInput, createThreadInput, updateTextInput } from '@shared/schemas/threads.js';
import { changeComment } from '../commands/comments/change-comment.js';
import { createComment } from '../commands/comments/create-comment.js';
import { addPointer, deletePointer } from '../commands/pointers/change-pointer.js';
import { createThread } from '../commands/threads/create-thread.js';
import { deleteThread } from '../commands/threads/delete-thread.js';
import { negotiateThread } from '../commands/threads/negotiate-thread.js';
import { updateThread } from '../commands/threads/update-thread.js';
import { listNegotiations, listThreads } from '../queries/threads/list-threads.js';
import { authedProcedure, router } from './trpc.js';

const byId = z.object({ id: z.number().int().positive() });

export const threadsRouter = router({
  list: authedProcedure
    .input(z.object({ nda: z.number().int().positive() }))
    .query(({ ctx, input }) => listThreads(ctx.core, ctx.actor, input.nda)),
  create: authedProcedure
    .input(createThreadInput)
    .mutation(({ ctx, input }) => createThread(ctx.core, ctx.actor, input, ctx)),
  update: authedProcedure
    .input(updateTextInput.extend(byId.shape))
    .mutation(({ ctx, input }) => updateThread(ctx.core, ctx.actor, input.id, input)),
  remove: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteThread(ctx.core, ctx.actor, input.id, ctx);
    return { id: input.id };
  }),
  negotiate: authedProcedure
    .input(byId.extend({ move: z.enum(['approve', 'reject']) }))
    .mutation(({ ctx, input }) => negotiateThread(ctx.core, ctx.actor, input.id, input.move, ctx)),
  negotiations: authedProcedure.input(byId).query(({ ctx, input }) => listNegotiations(ctx.core, ctx.actor, input.id)),
  comment: authedProcedure
    .input(createCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.core, ctx.actor, input, ctx)),
  updateComment: authedProcedure
    .input(updateTextInput.extend(byId.shape))
    .mutation(({ ctx, input }) => changeComment(ctx.core, ctx.actor, input.id, input.text)),
  deleteComment: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await changeComment(ctx.core, ctx.actor, input.id, null);
    return { id: input.id };
  }),
  addPointer: authedProcedure
    .input(createPointerInput)
    .mutation(({ ctx, input }) => addPointer(ctx.core, ctx.actor, input)),
  deletePointer: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deletePointer(ctx.core, ctx.actor, input.id);
    return { id: input.id };
  }),
});
