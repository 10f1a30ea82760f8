import { readingTime } from '@shared/engagement.js';
import { plainUtcDateTime } from '@shared/utc-dates.js';
import { renderMail } from './layout.js';
import { unsubscribeUrl } from './notification-mails.js';

/** The adviser's weekly summary of one project's engagement: each group's reading and score. */
export interface WeeklyEngagementMail {
  appUrl: string;
  firstName: string;
  projectName: string;
  projectId: number;
  formula: string;
  groups: Array<{
    name: string;
    lastSeen: Date | null;
    documentsOpened: number;
    pagesRead: number;
    totalSeconds: number;
    score: number;
  }>;
  /** The signed token of the link that turns this e-mail off. */
  unsubscribeToken: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function weeklyEngagementMail(m: WeeklyEngagementMail) {
  const url = unsubscribeUrl(m.appUrl, m.unsubscribeToken);
  const ranked = [...m.groups].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  const mail = renderMail({
    subject: `Weekly engagement: who read what in ${m.projectName}`,
    greeting: `Hello ${m.firstName || 'there'},`,
    paragraphs: [`Here is where each group of ${m.projectName} stands with the NDA and the deal documents.`],
    sections: [
      {
        heading: 'Groups, most engaged first',
        items: ranked.map(
          (g) =>
            `${g.name}: score ${g.score}. ${count(g.documentsOpened, 'document', 'documents')} opened, ${count(g.pagesRead, 'page', 'pages')} read, ${readingTime(g.totalSeconds)} of reading; ${g.lastSeen ? `last seen ${plainUtcDateTime(g.lastSeen)}` : 'not seen yet'}.`,
        ),
      },
    ],
    action: { label: 'Open the tracker', url: `${m.appUrl}/projects/${m.projectId}` },
    footnote: m.formula,
    footerLinks: [{ text: 'To stop the weekly engagement e-mail,', label: 'unsubscribe', url }],
  });
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
