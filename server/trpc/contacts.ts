import { z } from 'zod';
import {
  contactInput,
  contactListQuery,
  contactUpdateInput,
  resolveRecipientsInput,
} from '@shared/schemas/contacts.js';
import { id } from '@shared/schemas/projects.js';
import { createContact } from '../commands/contacts/create-contact.js';
import { deleteContact } from '../commands/contacts/delete-contact.js';
import { resolveRecipients } from '../commands/contacts/resolve-recipients.js';
import { updateContact } from '../commands/contacts/update-contact.js';
import { listContacts } from '../queries/contacts/list-contacts.js';
import { authedProcedure, router } from './trpc.js';

/** My Network over tRPC (the CSV upload travels through the REST form). */
export const contactsRouter = router({
  list: authedProcedure
    .input(contactListQuery)
    .query(({ ctx, input }) => listContacts(ctx.core, { actor: ctx.actor, query: input })),
  create: authedProcedure
    .input(contactInput)
    .mutation(({ ctx, input }) => createContact(ctx.core, { actor: ctx.actor, input })),
  update: authedProcedure
    .input(contactUpdateInput.extend({ id }))
    .mutation(({ ctx, input: { id: contactId, ...fields } }) =>
      updateContact(ctx.core, { actor: ctx.actor, contactId, input: fields }),
    ),
  delete: authedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteContact(ctx.core, { actor: ctx.actor, contactId: input.id });
    return { detail: 'Contact deleted.' };
  }),
  resolve: authedProcedure
    .input(resolveRecipientsInput)
    .mutation(({ ctx, input }) => resolveRecipients(ctx.core, { actor: ctx.actor, input })),
});
