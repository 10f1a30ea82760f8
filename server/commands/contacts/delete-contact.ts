import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeContact } from '@server/policies/contact.js';

/** Removes a contact from the network. Groups it was added to keep their recipients (they are accounts). */
export async function deleteContact(
  core: Core,
  { actor, contactId }: { actor: Actor; contactId: number },
): Promise<void> {
  const contact = await authorizeContact(core.db, actor, contactId);
  await core.db.deleteFrom('contacts').where('id', '=', contact.id).execute();
}
