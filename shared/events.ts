/** Event types (spec 2, section 4) and the feed's sentence for each. */
export const EVENT_TYPES = [
  'none',
  'member_added',
  'nda_sent',
  'rejected',
  'new_comments_thread',
  'new_comment',
  'approved',
  'nda_recalled',
  'nda_restored',
  'project_archived',
  'project_unarchived',
  'nda_signed',
  'member_removed',
  'new_project',
  'nda_opened',
  'recipient_added',
  'recipient_removed',
  'comments_thread_deleted',
  'nda_rejected',
  'recipient_signed',
  'nda_expired',
  'deadline_extended',
  'reminder_sent',
  'proposal_held',
  'proposal_released',
  'proposal_discarded',
  'document_released',
  'document_opened',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_SENTENCES: Record<EventType, string> = {
  none: 'Activity by:',
  member_added: 'Team member was added by:',
  nda_sent: 'NDA was sent by:',
  rejected: 'Comment thread was rejected by:',
  new_comments_thread: 'New comment thread was opened by:',
  new_comment: 'New comment was written by:',
  approved: 'Comment thread was approved by:',
  nda_recalled: 'NDA was recalled by:',
  nda_restored: 'NDA was restored by:',
  project_archived: 'Project was archived by:',
  project_unarchived: 'Project was unarchived by:',
  nda_signed: 'NDA was signed by:',
  member_removed: 'Team member was removed by:',
  new_project: 'Project was created by:',
  nda_opened: 'NDA was opened by:',
  recipient_added: 'Recipient was added by:',
  recipient_removed: 'Recipient was removed by:',
  comments_thread_deleted: 'Comment thread was deleted by:',
  nda_rejected: 'Opportunity was passed on by:',
  recipient_signed: 'NDA was signed, awaiting countersignature, by:',
  nda_expired: 'NDA expired unsigned at its deadline, closed by:',
  deadline_extended: 'NDA deadline was extended by:',
  reminder_sent: 'Reminder to sign was sent by:',
  proposal_held: 'Proposal awaiting approval was written by:',
  proposal_released: 'Proposal was approved and sent by:',
  proposal_discarded: 'Proposal awaiting approval was discarded by:',
  document_released: 'Deal document was released to the group by:',
  document_opened: 'Deal document was opened by:',
};

/**
 * A group's first opening of a deal document, as the feed tells it: "Kestrel Partners opened the CIM"
 * (the bidder's company, else their group's name; the document's title, unless it was deleted since).
 */
export function documentOpenedSentence(company: string, title: string | null): string {
  return title === null ? `${company} opened a deal document` : `${company} opened the ${title}`;
}

/** Events the deal timetable records by itself (no person did them), and the name the feed shows for it. */
export const TIMETABLE_EVENTS: ReadonlySet<EventType> = new Set(['nda_expired', 'reminder_sent']);
export const TIMETABLE_AUTHOR = 'NDA timetable';

/** Events that change whether a group's NDA may still be signed: a page showing the group reads it again. */
export const DEADLINE_EVENTS: ReadonlySet<EventType> = new Set(['nda_expired', 'deadline_extended']);

/** A deal document released by its rule (at the NDA's sending or signature) has no author: the feed names the rule. */
export const RELEASE_RULE_AUTHOR = 'its release rule';

/**
 * The name shown beside an event: its author's, the timetable's for its own events, the release rule
 * for a document it released, else 'Deleted user'.
 */
export function eventAuthorName(status: string, authorName: string | null | undefined): string {
  if (authorName) return authorName;
  if (status === 'document_released') return RELEASE_RULE_AUTHOR;
  return TIMETABLE_EVENTS.has(status as EventType) ? TIMETABLE_AUTHOR : 'Deleted user';
}
