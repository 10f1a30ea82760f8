import { contactMessageInput } from '@shared/schemas/contact.js';
import { sendContactMessage } from '../commands/contact-us/send-contact-message.js';
import { publicProcedure, router } from './trpc.js';

export const contactUsRouter = router({
  send: publicProcedure
    .input(contactMessageInput)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.core, { input, ip: ctx.ip })),
});
