import { ndaPagePath } from '@shared/paths.js';
import { renderMail } from './layout.js';

/** E-mails of the projects area: the NDA sent to a recipient. */

export interface NdaSentMail {
  appUrl: string;
  senderName: string;
  companyName: string;
  projectName: string;
  recipientFirstName: string;
  subject: string;
  note: string;
  /** A recipient without an account gets a registration link; others a sign-in link to the group's NDA. */
  link: { kind: 'invitation'; uid: string; token: string } | { kind: 'login'; projectId: number; branchId: number };
}

export function signerInvitationUrl(appUrl: string, uid: string, token: string): string {
  return `${appUrl}/signer_invitation/${uid}:${encodeURIComponent(token)}`;
}

/** The NDA page itself: a private route, so a signed-out recipient signs in first and comes back to it. */
export function ndaLoginUrl(appUrl: string, projectId: number, branchId: number): string {
  return `${appUrl}${ndaPagePath(projectId, branchId)}`;
}

/** Subject and note are the sender's own words; the layout escapes them in the HTML part. */
export function ndaSentMail(m: NdaSentMail) {
  const invitation = m.link.kind === 'invitation';
  const url =
    m.link.kind === 'invitation'
      ? signerInvitationUrl(m.appUrl, m.link.uid, m.link.token)
      : ndaLoginUrl(m.appUrl, m.link.projectId, m.link.branchId);
  const noteLines = m.note
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return renderMail({
    subject: m.subject,
    greeting: `Hello ${m.recipientFirstName || 'there'},`,
    paragraphs: [
      `${m.senderName} of ${m.companyName} sent you a non-disclosure agreement to review for ${m.projectName}.`,
      `Note from ${m.senderName}:`,
      ...noteLines,
      invitation
        ? 'Create your account to read the NDA, comment on it and sign it.'
        : 'Sign in to read the NDA, comment on it and sign it.',
    ],
    action: { label: invitation ? 'Create your account' : 'Review the NDA', url },
    footnote: invitation
      ? 'The invitation link expires in 7 days.'
      : 'If you did not expect this e-mail, you can ignore it.',
  });
}
