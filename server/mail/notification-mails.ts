import { NOTIFICATION_LABELS, type NotificationKind } from '@shared/notifications.js';
import { renderMail } from './layout.js';
import { ndaLoginUrl } from './nda-mails.js';

/** The digest e-mail: what happened on a person's NDAs since the last one, grouped by NDA. */

export interface DigestItem {
  kind: NotificationKind;
  /** The event behind it (new_comment, nda_rejected...). */
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
    if (items[0]!.status === 'recipient_signed') return `NDA signed by the bidder, awaiting countersignature: ${where}`;
    if (items[0]!.status === 'nda_rejected') return `A recipient passed on ${where}`;
    return `New activity on ${where}`;
  }
  return `${items.length} updates on ${where}`;
}

/** A digest lists at most this many items; the rest are counted, with a link to see them. */
export const DIGEST_MAX_ITEMS = 50;

/** The NDAs and items the e-mail lists (the first DIGEST_MAX_ITEMS items, in order) and how many it leaves out. */
function listed(ndas: DigestNda[]): { shown: DigestNda[]; more: number } {
  let room = DIGEST_MAX_ITEMS;
  const shown: DigestNda[] = [];
  for (const n of ndas) {
    if (room === 0) break;
    const items = n.items.slice(0, room);
    room -= items.length;
    shown.push({ ...n, items });
  }
  const total = ndas.reduce((sum, n) => sum + n.items.length, 0);
  return { shown, more: total - (DIGEST_MAX_ITEMS - room) };
}

export function notificationDigestMail(m: DigestMail) {
  const { shown, more } = listed(m.ndas);
  const rest = more
    ? [
        {
          heading: `${more} more ${more === 1 ? 'update is' : 'updates are'} waiting for you.`,
          items: [],
          link: { label: 'See all activity', url: `${m.appUrl}/home` },
        },
      ]
    : [];
  const mail = renderMail({
    subject: subjectOf(m.ndas),
    greeting: `Hello ${m.firstName || 'there'},`,
    paragraphs: [
      m.ndas.length === 1
        ? 'Here is the latest activity on an NDA you are negotiating on NDA Workspace.'
        : 'Here is the latest activity on NDAs you are negotiating on NDA Workspace.',
    ],
    sections: [
      ...shown.map((n) => ({
        heading: [n.projectName, n.groupName, n.ndaName].filter(Boolean).join(' – '),
        items: n.items.map((i) => i.text),
        link: { label: 'Open the NDA', url: ndaLoginUrl(m.appUrl, n.projectId, n.branchId) },
      })),
      ...rest,
    ],
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
