import type { FastifyInstance } from 'fastify';
import {
  loginInput,
  memberInvitationInput,
  ownerRegistrationInput,
  passwordResetConfirmInput,
  passwordResetInput,
  refreshInput,
  signerInvitationInput,
  verifyEmailInput,
} from '../../shared/schemas/auth.js';
import { confirmMemberInvitation } from '../commands/auth/confirm-member-invitation.js';
import { confirmPasswordReset } from '../commands/auth/confirm-password-reset.js';
import { confirmSignerInvitation } from '../commands/auth/confirm-signer-invitation.js';
import { login } from '../commands/auth/login.js';
import { logout } from '../commands/auth/logout.js';
import { refreshSession } from '../commands/auth/refresh-session.js';
import { registerOwner } from '../commands/auth/register-owner.js';
import { requestPasswordReset } from '../commands/auth/request-password-reset.js';
import { verifyEmail } from '../commands/auth/verify-email.js';
import type { Core } from '../core.js';
import { route } from './route.js';

export function authRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, { method: 'POST', url: '/registration/', auth: 'none', input: ownerRegistrationInput, status: 201, handler: (i) => registerOwner(core, i) });
  route(app, core, { method: 'POST', url: '/registration/verify-email/', auth: 'none', input: verifyEmailInput, handler: (i) => verifyEmail(core, i) });
  route(app, core, { method: 'POST', url: '/registration/member_invitation_confirm/', auth: 'none', input: memberInvitationInput, handler: (i) => confirmMemberInvitation(core, i) });
  route(app, core, { method: 'POST', url: '/registration/signer_invitation_confirm/', auth: 'none', input: signerInvitationInput, handler: (i) => confirmSignerInvitation(core, i) });
  route(app, core, { method: 'POST', url: '/authentication/login/', auth: 'none', input: loginInput, handler: (i, _a, m) => login(core, i, m) });
  route(app, core, { method: 'POST', url: '/authentication/token/refresh/', auth: 'none', input: refreshInput, handler: (i, _a, m) => refreshSession(core, i, m) });
  route(app, core, { method: 'POST', url: '/authentication/logout/', auth: 'required', handler: (_i, a) => logout(core, a) });
  route(app, core, { method: 'POST', url: '/authentication/password/reset/', auth: 'none', input: passwordResetInput, handler: (i, _a, m) => requestPasswordReset(core, i, m) });
  route(app, core, { method: 'POST', url: '/authentication/password/reset/confirm/', auth: 'none', input: passwordResetConfirmInput, handler: (i) => confirmPasswordReset(core, i) });
}
