import type { CompanyUpdateInput } from '@shared/schemas/account.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
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

/**
 * A signer's company as they give it at signing: the same full update, by the same rule (team members
 * may not edit it). A signer without a company has nothing to update and is told to give its details.
 */
export async function saveSignerCompany(core: Core, actor: Actor, input: CompanyUpdateInput): Promise<void> {
  const companyId = actor.user.companyId;
  if (companyId === null) throw AppError.nonField('signing_details_missing', SIGNING_MESSAGES.companyDetails);
  await updateCompany(core, { actor, companyId, input });
}
