import type { PageRequest } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeContacts } from '@server/policies/contact.js';
import { type ContactDto, presentContact } from '@server/presenters/contact.js';
import { countOf, likePattern, type Page, pageOf } from '../projects/page.js';

/** My Network: the company's contacts by name, optionally filtered by name or e-mail. */
export async function listContacts(
  core: Core,
  { actor, query: q }: { actor: Actor; query: PageRequest & { search?: string } },
): Promise<Page<ContactDto>> {
  const companyId = authorizeContacts(actor);
  let query = core.db.selectFrom('contacts').where('contacts.companyId', '=', companyId);
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or([
        eb('contacts.firstName', 'ilike', pattern),
        eb('contacts.lastName', 'ilike', pattern),
        eb('contacts.email', 'ilike', pattern),
      ]),
    );
  }
  const count = await countOf(query);
  const rows = await pageOf(
    query
      .leftJoin('users', (join) => join.onRef('users.id', '=', 'contacts.userId').on('users.isDeleted', '=', false))
      .selectAll('contacts')
      .select(['users.id as accountId', 'users.email as accountEmail'])
      .orderBy((eb) => eb.fn('lower', ['contacts.firstName']))
      .orderBy((eb) => eb.fn('lower', ['contacts.lastName']))
      .orderBy('contacts.id'),
    q,
  ).execute();
  const results = rows.map(({ accountId, accountEmail, ...row }) =>
    presentContact(row, accountId && accountEmail ? { id: accountId, email: accountEmail } : null),
  );
  return { count, limit: q.limit, offset: q.offset, results };
}
