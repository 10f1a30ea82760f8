import type { CompanyUpdateInput } from '@shared/schemas/account.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeCompanyEdit } from '@server/policies/account.js';
import { presentCompany } from '@server/presenters/company.js';

export async function updateCompany(
  core: Core,
  { actor, companyId, input }: { actor: Actor; companyId: number; input: CompanyUpdateInput },
) {
  authorizeCompanyEdit(actor, companyId);
  return core.tx(async (tx) => {
    const company = await tx.db
      .updateTable('companies')
      .set(input)
      .where('id', '=', companyId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentCompany(tx.db, company);
  });
}
