import type { BranchDto, SignershipDto } from '@client/lib/api-types';
import { groupNdaStatus, type GroupNdaStatus, type NdaState } from '@shared/nda-lifecycle';

/** A recipient's status as a phrase: 'Signed', else what last happened with them, else a dash. */
const EVENT_STATUS: Record<string, string> = {
  nda_sent: 'NDA sent',
  nda_opened: 'NDA opened',
  new_comments_thread: 'Commented',
  new_comment: 'Commented',
  approved: 'Negotiating',
  rejected: 'Negotiating',
  comments_thread_deleted: 'Negotiating',
  nda_signed: 'Signed',
  nda_rejected: 'Passed',
  nda_recalled: 'NDA recalled',
  nda_restored: 'NDA restored',
  recipient_added: 'Added',
  recipient_removed: 'Removed',
};

export function recipientStatus(s: Pick<SignershipDto, 'status'>): string {
  if (s.status === 'Signed' || s.status === '-') return s.status;
  return EVENT_STATUS[s.status] ?? s.status.replace(/_/g, ' ');
}

export function recipientStatusColor(s: Pick<SignershipDto, 'status' | 'rejected'>): string {
  if (s.status === 'Signed' || s.status === 'nda_signed') return 'teal';
  if (s.rejected || s.status === 'nda_rejected') return 'red';
  if (s.status === 'nda_recalled') return 'orange';
  if (s.status === '-' || s.status === 'recipient_added') return 'gray';
  return 'navy';
}

/**
 * The group's NDA as a badge: Not sent, Pending (yellow), Completed (green), Rejected (red: a recipient
 * passed), Recalled. The one status of a group wherever it shows: the tracker, the look-up page, the
 * NDA page's header and its signing panel.
 */
const BADGE_COLORS: Record<GroupNdaStatus, string> = {
  'No NDA': 'gray',
  'Not sent': 'gray',
  Rejected: 'red',
  Completed: 'teal',
  Pending: 'yellow',
  Recalled: 'orange',
  'Signed by the bidder, awaiting countersignature': 'cyan',
};

export function ndaBadge(nda: NdaState | null, rejected: boolean): { label: GroupNdaStatus; color: string } {
  const label = groupNdaStatus(nda, rejected);
  return { label, color: ndaStatusColor(label) };
}

/** The badge colour of a group's NDA status the server already worked out (the reports). */
export const ndaStatusColor = (status: GroupNdaStatus): string => BADGE_COLORS[status];

/** A group's badge on the tracker: Expired once its deadline passed unsigned, else its NDA's state. */
export function groupBadge(branch: Pick<BranchDto, 'nda' | 'passed' | 'expired'>): { label: string; color: string } {
  return branch.expired ? { label: 'Expired', color: 'red' } : ndaBadge(branch.nda, branch.passed);
}
