import {
  invitationCheckInput,
  loginInput,
  memberInvitationInput,
  ownerRegistrationInput,
  passwordResetConfirmInput,
  passwordResetInput,
  refreshInput,
  signerInvitationInput,
  verifyEmailInput,
} from '@shared/schemas/auth.js';
import { confirmMemberInvitation } from '../commands/auth/confirm-member-invitation.js';
import { confirmPasswordReset } from '../commands/auth/confirm-password-reset.js';
import { confirmSignerInvitation } from '../commands/auth/confirm-signer-invitation.js';
import { login } from '../commands/auth/login.js';
import { logout } from '../commands/auth/logout.js';
import { refreshSession } from '../commands/auth/refresh-session.js';
import { registerOwner } from '../commands/auth/register-owner.js';
import { requestPasswordReset } from '../commands/auth/request-password-reset.js';
import { verifyEmail } from '../commands/auth/verify-email.js';
import { checkInvitation } from '../queries/auth/check-invitation.js';
import { authedProcedure, publicProcedure, router } from './trpc.js';

export const authRouter = router({
  register: publicProcedure
    .input(ownerRegistrationInput)
    .mutation(({ ctx, input }) => registerOwner(ctx.core, { input, ip: ctx.ip })),
  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.core, { input })),
  invitation: publicProcedure
    .input(invitationCheckInput)
    .query(({ ctx, input }) => checkInvitation(ctx.core, { input })),
  confirmMemberInvitation: publicProcedure
    .input(memberInvitationInput)
    .mutation(({ ctx, input }) => confirmMemberInvitation(ctx.core, { input })),
  confirmSignerInvitation: publicProcedure
    .input(signerInvitationInput)
    .mutation(({ ctx, input }) => confirmSignerInvitation(ctx.core, { input })),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx.core, { input, ip: ctx.ip })),
  refresh: publicProcedure
    .input(refreshInput)
    .mutation(({ ctx, input }) => refreshSession(ctx.core, { input, ip: ctx.ip })),
  logout: authedProcedure.mutation(({ ctx }) => logout(ctx.core, { actor: ctx.actor })),
  requestPasswordReset: publicProcedure
    .input(passwordResetInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.core, { input, ip: ctx.ip })),
  confirmPasswordReset: publicProcedure
    .input(passwordResetConfirmInput)
    .mutation(({ ctx, input }) => confirmPasswordReset(ctx.core, { input })),
});
