import type { CompanyUpdateInput } from '../../../shared/schemas/account.js';
import type { Core } from '../../core.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeCompanyEdit } from '../../policies/account.js';
import { presentCompany } from '../../presenters/company.js';

export async function updateCompany(core: Core, actor: Actor, companyId: number, input: CompanyUpdateInput) {
  authorizeCompanyEdit(actor, companyId);
  return core.tx(async (tx) => {
    const company = await tx.db.updateTable('companies').set(input).where('id', '=', companyId).returningAll().executeTakeFirstOrThrow();
    return presentCompany(tx.db, company);
  });
}
