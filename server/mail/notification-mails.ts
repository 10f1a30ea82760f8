import { NOTIFICATION_LABELS, type NotificationKind } from '@shared/notifications.js';
import { renderMail } from './layout.js';
import { ndaLoginUrl } from './nda-mails.js';

/** The digest e-mail: what happened on a person's NDAs since the last one, grouped by NDA. */

export interface DigestItem {
  kind: NotificationKind;
  /** The event behind it (nda_signed, new_comment...). */
  status: string;
  text: string;
}

export interface DigestNda {
  projectId: number;
  branchId: number;
  projectName: string;
  /** The group's name is the sending team's label: shown to the sending team only. */
  groupName: string | null;
  ndaName: string;
  items: DigestItem[];
}

export interface DigestMail {
  appUrl: string;
  firstName: string;
  ndas: DigestNda[];
  /** An unsubscribe link for each kind of item in the e-mail, and one for them all (List-Unsubscribe). */
  unsubscribe: { each: Array<{ kind: NotificationKind; url: string }>; all: string };
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe/${token}`;
}

function subjectOf(ndas: DigestNda[]): string {
  const items = ndas.flatMap((n) => n.items);
  const projects = [...new Set(ndas.map((n) => n.projectName))];
  const where = projects.length === 1 ? projects[0]! : 'your NDAs';
  if (items.length === 1) {
    if (items[0]!.status === 'nda_signed') return `NDA signed: ${where}`;
    if (items[0]!.status === 'recipient_signed') return `NDA signed by the bidder, awaiting countersignature: ${where}`;
    if (items[0]!.status === 'nda_rejected') return `A recipient passed on ${where}`;
    return `New activity on ${where}`;
  }
  return `${items.length} updates on ${where}`;
}

export function notificationDigestMail(m: DigestMail) {
  const mail = renderMail({
    subject: subjectOf(m.ndas),
    greeting: `Hello ${m.firstName || 'there'},`,
    paragraphs: [
      m.ndas.length === 1
        ? 'Here is the latest activity on an NDA you are negotiating on NDA Workspace.'
        : 'Here is the latest activity on NDAs you are negotiating on NDA Workspace.',
    ],
    sections: m.ndas.map((n) => ({
      heading: [n.projectName, n.groupName, n.ndaName].filter(Boolean).join(' – '),
      items: n.items.map((i) => i.text),
      link: {
        label: n.items.some((i) => i.status === 'nda_signed')
          ? 'Open the NDA to download the signed copy'
          : 'Open the NDA',
        url: ndaLoginUrl(m.appUrl, n.projectId, n.branchId),
      },
    })),
    footnote:
      'You receive this e-mail because you take part in these negotiations. To answer, sign in and reply on the NDA page; replies to this e-mail are not read. You can choose which e-mails you receive on your account page.',
    footerLinks: [
      ...m.unsubscribe.each.map((u) => ({
        text: `To stop e-mails about ${NOTIFICATION_LABELS[u.kind].about},`,
        label: 'unsubscribe',
        url: u.url,
      })),
    ],
  });
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${m.unsubscribe.all}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
