import type { SignerGroupInput } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import { presentSignerGroup, type SignerGroupDto } from '@server/presenters/branch.js';
import { checkRecipientUsers } from './recipient-users.js';

/** A named set of recipients of the company, to be put in a project's groups. */
export async function createSignerGroup(core: Core, actor: Actor, input: SignerGroupInput): Promise<SignerGroupDto> {
  const companyId = requireTeam(actor);
  return core.tx(async (tx) => {
    await checkRecipientUsers(tx, { companyId, userIds: input.users });
    const group = await tx.db
      .insertInto('signerGroups')
      .values({ companyId, name: input.name })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('signerGroupUsers')
      .values(input.users.map((userId) => ({ signerGroupId: group.id, userId })))
      .execute();
    return presentSignerGroup(
      group,
      [...input.users].sort((a, b) => a - b),
    );
  });
}
