/**
 * The kinds of e-mail notification a user can turn off, each stored as a switch on the user: activity
 * in a negotiation (threads, replies, proposed wording, approvals, rejections), and its outcome (an
 * NDA signed, a buyer passing), reminders of an NDA waiting for their signature, and the adviser's
 * weekly summary of what the bidders read.
 */
export const NOTIFICATION_KINDS = ['negotiation', 'outcomes', 'reminders', 'engagement'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The user's field holding each kind's switch. */
export const NOTIFICATION_FIELDS = {
  negotiation: 'notifyNegotiation',
  outcomes: 'notifyOutcomes',
  reminders: 'notifyReminders',
  engagement: 'notifyEngagement',
} as const satisfies Record<NotificationKind, string>;

export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; description: string; about: string }> = {
  negotiation: {
    label: 'E-mail me about negotiation activity',
    description:
      'New comment threads, replies, proposed wording, approvals and rejections by the other side, gathered into one e-mail every few minutes. Nothing is sent about an NDA you have open at the time.',
    about: 'negotiation activity',
  },
  outcomes: {
    label: 'E-mail me when an NDA is signed or passed',
    description:
      'A link to the signed NDA when it is signed and, for the sending team, a note when a recipient passes.',
    about: 'signed and passed NDAs',
  },
  reminders: {
    label: 'Remind me of NDAs waiting for my signature',
    description:
      'On the schedule the sending team sets, until the NDA’s deadline: how many comment threads are still open and when the NDA expires.',
    about: 'NDAs waiting for your signature',
  },
  engagement: {
    label: 'E-mail me a weekly summary of what bidders read',
    description:
      'Every Monday, for each project you run: each group’s documents opened, pages read, reading time and engagement score.',
    about: 'what bidders read each week',
  },
};

export const NOTIFICATION_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. You can change your e-mail settings on your account page.',
  unsubscribed: (kinds: readonly NotificationKind[]) =>
    `You will no longer receive e-mails about ${kinds.map((k) => NOTIFICATION_LABELS[k].about).join(' or ')}.`,
} as const;
