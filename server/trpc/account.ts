import { recordId } from '@shared/schemas/ids.js';
import {
  companyUpdateInput,
  deleteAccountInput,
  profileUpdateInput,
  unsubscribeInput,
} from '@shared/schemas/account.js';
import { deleteAccount } from '../commands/account/delete-account.js';
import { updateCompany } from '../commands/account/update-company.js';
import { unsubscribe } from '../commands/account/unsubscribe.js';
import { updateProfile } from '../commands/account/update-profile.js';
import { authorizeOnboarding } from '../policies/account.js';
import { getCompanies } from '../queries/account/get-company.js';
import { getOnboarding } from '../queries/account/get-onboarding.js';
import { getPermissions } from '../queries/account/get-permissions.js';
import { getPlanUsage } from '../queries/account/plan-usage.js';
import { presentUser } from '../presenters/user.js';
import { authedProcedure, publicProcedure, router } from './trpc.js';

export const accountRouter = router({
  me: authedProcedure.query(({ ctx }) => presentUser(ctx.core.db, ctx.actor.user)),
  updateProfile: authedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.core, { actor: ctx.actor, input })),
  /** The page an e-mail's unsubscribe link opens: no session needed, the link's token is the authority. */
  unsubscribe: publicProcedure.input(unsubscribeInput).mutation(({ ctx, input }) => unsubscribe(ctx.core, { input })),
  deleteAccount: authedProcedure
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) => deleteAccount(ctx.core, { actor: ctx.actor, input, ip: ctx.ip })),
  permissions: authedProcedure.query(({ ctx }) => getPermissions(ctx.actor)),
  onboarding: authedProcedure.query(({ ctx }) => getOnboarding(ctx.core, { actor: authorizeOnboarding(ctx.actor) })),
  planUsage: authedProcedure.query(({ ctx }) => getPlanUsage(ctx.core, { actor: ctx.actor })),
  company: authedProcedure.query(async ({ ctx }) => (await getCompanies(ctx.core, { actor: ctx.actor }))[0] ?? null),
  updateCompany: authedProcedure
    .input(companyUpdateInput.extend({ id: recordId }))
    .mutation(({ ctx, input: { id, ...fields } }) =>
      updateCompany(ctx.core, { actor: ctx.actor, companyId: id, input: fields }),
    ),
});
