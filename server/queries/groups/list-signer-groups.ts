import type { PageRequest } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import { presentSignerGroup, type SignerGroupDto } from '@server/presenters/branch.js';
import { countOf, type Page, pageOf } from '../projects/page.js';

/** The company's signer groups (named sets of recipients), newest first. */
export async function listSignerGroups(
  core: Core,
  { actor, query: q }: { actor: Actor; query: PageRequest },
): Promise<Page<SignerGroupDto>> {
  const companyId = requireTeam(actor);
  const query = core.db.selectFrom('signerGroups').where('signerGroups.companyId', '=', companyId);
  const count = await countOf(query);
  const rows = await pageOf(query.selectAll('signerGroups').orderBy('signerGroups.id', 'desc'), q).execute();
  return { count, limit: q.limit, offset: q.offset, results: await presentSignerGroups(core, rows) };
}

export async function presentSignerGroups(
  core: Core,
  rows: Array<{ id: number; name: string; createdAt: Date }>,
): Promise<SignerGroupDto[]> {
  if (rows.length === 0) return [];
  const users = await core.db
    .selectFrom('signerGroupUsers')
    .select(['signerGroupId', 'userId'])
    .where(
      'signerGroupId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('userId')
    .execute();
  return rows.map((r) =>
    presentSignerGroup(
      r,
      users.filter((u) => u.signerGroupId === r.id).map((u) => u.userId),
    ),
  );
}
