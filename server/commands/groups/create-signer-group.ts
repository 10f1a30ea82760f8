import type { SignerGroupInput } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import { presentSignerGroup, type SignerGroupDto } from '@server/presenters/branch.js';
import { checkRecipientUsers } from './recipient-users.js';

/** A named set of recipients of the company, to be put in a project's groups. */
export async function createSignerGroup(
  core: Core,
  options: { actor: Actor; input: SignerGroupInput },
): Promise<SignerGroupDto> {
  const companyId = requireTeam(options.actor);
  return core.tx(async (tx) => {
    await checkRecipientUsers(tx, { companyId, userIds: options.input.users });
    const group = await insertSignerGroup(tx, { companyId, input: options.input });
    return presentSignerGroup(
      group,
      [...options.input.users].sort((a, b) => a - b),
    );
  });
}

/** Inside the caller's transaction: the signer group row and its users (already checked). */
export async function insertSignerGroup(tx: Tx, { companyId, input }: { companyId: number; input: SignerGroupInput }) {
  const group = await tx.db
    .insertInto('signerGroups')
    .values({ companyId, name: input.name })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx.db
    .insertInto('signerGroupUsers')
    .values(input.users.map((userId) => ({ signerGroupId: group.id, userId })))
    .execute();
  return group;
}
