import { formatDeadlineUtc } from '@shared/timetable.js';
import { renderMail } from './layout.js';
import { ndaLoginUrl } from './nda-mails.js';
import { unsubscribeUrl } from './notification-mails.js';

/** E-mails of the NDA timetable: a reminder of an unsigned NDA, and a deadline extended. */

export interface NdaReminderMail {
  appUrl: string;
  recipientFirstName: string;
  projectName: string;
  companyName: string;
  projectId: number;
  branchId: number;
  openThreads: number;
  deadline: Date | null;
  /** The signed token of the link that turns reminders off. */
  unsubscribeToken: string;
}

const threadsSentence = (open: number) =>
  open === 0
    ? 'No comment threads are open: the NDA is ready for your signature.'
    : open === 1
      ? '1 comment thread is still open.'
      : `${open} comment threads are still open.`;

export function ndaReminderMail(m: NdaReminderMail) {
  const url = unsubscribeUrl(m.appUrl, m.unsubscribeToken);
  const mail = renderMail({
    subject: `Reminder: the NDA for ${m.projectName} is waiting for your signature`,
    greeting: `Hello ${m.recipientFirstName || 'there'},`,
    paragraphs: [
      `${m.companyName} is waiting for your signature on the non-disclosure agreement for ${m.projectName}.`,
      threadsSentence(m.openThreads),
      m.deadline
        ? `The NDA expires on ${formatDeadlineUtc(m.deadline)}; after that it can no longer be signed.`
        : 'The NDA has no deadline.',
    ],
    action: { label: 'Review the NDA', url: ndaLoginUrl(m.appUrl, m.projectId, m.branchId) },
    footnote: 'You can choose which e-mails you receive on your account page.',
    footerLinks: [{ text: 'To stop reminders of NDAs waiting for your signature,', label: 'unsubscribe', url }],
  });
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export interface DeadlineExtendedMail {
  appUrl: string;
  recipientFirstName: string;
  projectName: string;
  companyName: string;
  projectId: number;
  branchId: number;
  deadline: Date | null;
}

export function deadlineExtendedMail(m: DeadlineExtendedMail) {
  return renderMail({
    subject: `The NDA deadline for ${m.projectName} has been extended`,
    greeting: `Hello ${m.recipientFirstName || 'there'},`,
    paragraphs: [
      m.deadline
        ? `${m.companyName} extended the deadline of the non-disclosure agreement for ${m.projectName}: you can now sign it until ${formatDeadlineUtc(m.deadline)}.`
        : `${m.companyName} removed the deadline of the non-disclosure agreement for ${m.projectName}: you can sign it at any time.`,
    ],
    action: { label: 'Review the NDA', url: ndaLoginUrl(m.appUrl, m.projectId, m.branchId) },
    footnote: 'If you did not expect this e-mail, you can ignore it.',
  });
}
