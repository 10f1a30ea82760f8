import { ORIGINAL_TEXT_STANDS } from '@shared/negotiation.js';

/** The one-line account of each move a notification e-mail lists, in the words of the NDA page. */

export interface ItemFacts {
  status: 'new_comments_thread' | 'new_comment' | 'approved' | 'rejected' | 'nda_rejected' | 'recipient_signed';
  /** Who did it: their name and company. */
  who: string;
  /** The thread's opening text. */
  thread?: string;
  /** The reply's text. */
  comment?: string;
  /** Wording proposed with the thread or the reply. */
  proposal?: string | null;
  /** The reason a recipient gave for passing, when they gave one. */
  reason?: string | null;
  /** A rejection that was the second: both sides rejected the thread. */
  settled?: boolean;
}

const MAX_EXCERPT = 160;

/** One line, at most MAX_EXCERPT characters, in quotation marks. */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const cut = line.length > MAX_EXCERPT ? `${line.slice(0, MAX_EXCERPT - 1).trimEnd()}…` : line;
  return `“${cut}”`;
}

export function personLabel(p: { firstName: string; lastName: string; email: string; company?: string | null }) {
  const name = `${p.firstName} ${p.lastName}`.trim() || p.email;
  return p.company ? `${name} of ${p.company}` : name;
}

export function notificationItemText(f: ItemFacts): string {
  const thread = excerpt(f.thread ?? '');
  switch (f.status) {
    case 'new_comments_thread':
      return f.proposal
        ? `${f.who} opened a comment thread, ${thread}, and proposed this wording: ${excerpt(f.proposal)}`
        : `${f.who} opened a comment thread: ${thread}`;
    case 'new_comment':
      return f.proposal
        ? `${f.who} replied in the thread ${thread} and proposed new wording: ${excerpt(f.proposal)}`
        : `${f.who} replied in the thread ${thread}: ${excerpt(f.comment ?? '')}`;
    case 'approved':
      return `${f.who} approved the thread ${thread}.`;
    case 'rejected':
      return f.settled
        ? `${f.who} rejected the thread ${thread}, as your side did: ${ORIGINAL_TEXT_STANDS.charAt(0).toLowerCase()}${ORIGINAL_TEXT_STANDS.slice(1)}`
        : `${f.who} rejected the thread ${thread}.`;
    case 'recipient_signed':
      return `${f.who} signed the NDA. It awaits the countersignature of the sending side, who reviews the final document and countersigns it; the signed copy follows.`;
    case 'nda_rejected':
      return f.reason
        ? `${f.who} passed on the opportunity and gave this reason: ${excerpt(f.reason)}`
        : `${f.who} passed on the opportunity.`;
  }
}
