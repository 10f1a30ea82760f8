import { NOTIFICATION_LABELS } from '@shared/notifications.js';
import { renderMail } from './layout.js';
import { ndaLoginUrl } from './nda-mails.js';

/** The e-mail each side receives as soon as an NDA is signed: where to download the executed copy. */

export interface SignedCopyMail {
  appUrl: string;
  firstName: string;
  /** Who signed: their name and company. */
  signer: string;
  projectId: number;
  branchId: number;
  projectName: string;
  /** The group's name is the sending team's label: shown to the sending team only. */
  groupName: string | null;
  ndaName: string;
  /** The link that turns these e-mails off. */
  unsubscribeUrl: string;
}

export function signedCopyMail(m: SignedCopyMail) {
  const where = [m.projectName, m.groupName].filter(Boolean).join(' – ');
  const mail = renderMail({
    subject: `NDA signed: ${m.projectName}`,
    greeting: `Hello ${m.firstName || 'there'},`,
    paragraphs: [
      `${m.signer} signed the NDA “${m.ndaName}” (${where}).`,
      'The signed copy, with both signatures and the record of what was agreed, is ready to download from the NDA page.',
    ],
    action: { label: 'Download the signed copy', url: ndaLoginUrl(m.appUrl, m.projectId, m.branchId) },
    footnote: 'You receive this e-mail because you are a party to this NDA. Replies to this e-mail are not read.',
    footerLinks: [
      {
        text: `To stop e-mails about ${NOTIFICATION_LABELS.outcomes.about},`,
        label: 'unsubscribe',
        url: m.unsubscribeUrl,
      },
    ],
  });
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
