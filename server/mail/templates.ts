import { renderMail } from './layout.js';

const PRODUCT = 'NDA Workspace';
const IGNORE = 'If you did not expect this e-mail, you can ignore it.';

export function activationMail(appUrl: string, firstName: string, key: string) {
  return renderMail({
    subject: `Activate your ${PRODUCT} account`,
    greeting: `Hello ${firstName},`,
    paragraphs: ['Thank you for registering. Confirm your e-mail address to activate your account.'],
    action: { label: 'Activate account', url: `${appUrl}/user-activation/${encodeURIComponent(key)}` },
    footnote: IGNORE,
  });
}

export function passwordResetMail(appUrl: string, firstName: string, uid: string, token: string) {
  return renderMail({
    subject: `Reset your ${PRODUCT} password`,
    greeting: `Hello ${firstName || 'there'},`,
    paragraphs: ['We received a request to reset your password. The link works once and expires in one hour.'],
    action: {
      label: 'Choose a new password',
      url: `${appUrl}/password-reset-confirm/${uid}/${encodeURIComponent(token)}`,
    },
    footnote: IGNORE,
  });
}

export function memberInvitationMail(appUrl: string, inviter: string, company: string, uid: string, token: string) {
  return renderMail({
    subject: `${inviter} invited you to ${company} on ${PRODUCT}`,
    greeting: 'Hello,',
    paragraphs: [
      `${inviter} invited you to join ${company} as a team member. Create your account to start working on its projects.`,
    ],
    action: { label: 'Create your account', url: `${appUrl}/member_invitation/${uid}:${encodeURIComponent(token)}` },
    footnote: 'The invitation expires in 7 days.',
  });
}
