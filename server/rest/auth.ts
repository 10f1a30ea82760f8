import type { FastifyInstance } from 'fastify';
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
import type { Core } from '../core.js';
import { checkInvitation } from '../queries/auth/check-invitation.js';
import { route } from './route.js';

export function authRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'POST',
    url: '/registration/',
    statuses: [429],
    summary: 'Registers an account owner and their company and e-mails an activation link.',
    description:
      'The account stays inactive until the e-mailed link is opened (POST /registration/verify-email/). Sign-ups are rate-limited per IP address; over the limit the call answers 429 with a Retry-After header.',
    auth: 'none',
    input: ownerRegistrationInput,
    status: 201,
    handler: (i, _a, m) => registerOwner(core, { input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/registration/verify-email/',
    summary: 'Activates an account with the key from the e-mailed activation link.',
    description: 'Opening the same link again after the account is active is not an error.',
    auth: 'none',
    input: verifyEmailInput,
    handler: (i) => verifyEmail(core, { input: i }),
  });
  for (const kind of ['member', 'signer'] as const) {
    route(app, core, {
      method: 'GET',
      url: `/registration/${kind}_invitation_check/`,
      summary: `Reads a ${kind} invitation link (uid and token) without using it up, before the registration form is shown.`,
      description:
        'Answers status (valid, registered, expired, invalid) with detail for the last three; for a link of the account: the e-mail being registered, the names the inviter typed (firstName, lastName), invitedBy {firstName, lastName, company {name}}, and for a signer the project, projectBranch and nda of the latest NDA sent to them (where they go after signing in). Other links learn nothing.',
      auth: 'none',
      input: invitationCheckInput.omit({ kind: true }),
      handler: (i) => checkInvitation(core, { input: { ...i, kind } }),
    });
  }
  route(app, core, {
    method: 'POST',
    url: '/registration/member_invitation_confirm/',
    summary: 'Completes the registration of an invited team member with their password and profile.',
    auth: 'none',
    input: memberInvitationInput,
    handler: (i) => confirmMemberInvitation(core, { input: i }),
  });
  route(app, core, {
    method: 'POST',
    url: '/registration/signer_invitation_confirm/',
    summary: 'Completes the registration of an invited signer with their password, profile and company name.',
    auth: 'none',
    input: signerInvitationInput,
    handler: (i) => confirmSignerInvitation(core, { input: i }),
  });
  route(app, core, {
    method: 'POST',
    url: '/authentication/login/',
    statuses: [429],
    summary: 'Signs in with e-mail and password and answers access and refresh tokens.',
    description:
      'Also answers the user and home: the page to go to when no page asked for them (a recipient’s NDA, the newest one still waiting for them first; anyone else’s account page). Failed attempts are rate-limited per account and IP address, and per IP address across accounts (a successful sign-in does not count): wrong passwords from one address never refuse the right one from another. Over the limit the call answers 429 with a Retry-After header.',
    auth: 'none',
    input: loginInput,
    handler: (i, _a, m) => login(core, { input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/authentication/token/refresh/',
    summary: 'Exchanges a refresh token for a new access token and a new refresh token.',
    description:
      'Refresh tokens rotate: the presented token is retired. Presenting a retired token again revokes the whole session, and the call answers 401.',
    auth: 'none',
    input: refreshInput,
    handler: (i, _a, m) => refreshSession(core, { input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/authentication/logout/',
    summary: 'Signs out: ends the session of the caller.',
    description: 'The refresh tokens and the access token of the session stop working at once.',
    auth: 'required',
    handler: (_i, a) => logout(core, { actor: a }),
  });
  route(app, core, {
    method: 'POST',
    url: '/authentication/password/reset/',
    statuses: [429],
    summary: 'E-mails a password reset link.',
    description:
      'The answer is the same whether or not an account has that e-mail. Requests are rate-limited per e-mail and per IP address; over the limit the call answers 429 with a Retry-After header.',
    auth: 'none',
    input: passwordResetInput,
    handler: (i, _a, m) => requestPasswordReset(core, { input: i, ip: m.ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/authentication/password/reset/confirm/',
    summary: 'Sets a new password with the uid and token from the reset link.',
    description: 'Every session of the user ends, and an account not yet activated is activated.',
    auth: 'none',
    input: passwordResetConfirmInput,
    handler: (i) => confirmPasswordReset(core, { input: i }),
  });
}
