import type { NegotiationStatus } from '@shared/negotiation';

/** How a thread's negotiation status reads and which colour its badge has. */
export const STATUS_LABELS: Record<NegotiationStatus, { label: string; color: string }> = {
  unresolved: { label: 'Unresolved', color: 'gray' },
  approved_by_sender_waiting_recipient: { label: 'Approved by sender · waiting for recipient', color: 'teal' },
  approved_by_recipient_waiting_sender: { label: 'Approved by recipient · waiting for sender', color: 'teal' },
  approved_by_both_parties: { label: 'Approved by both parties', color: 'green' },
  rejected_by_sender_waiting_recipient: { label: 'Rejected by sender · waiting for recipient', color: 'orange' },
  rejected_by_recipient_waiting_for_sender: { label: 'Rejected by recipient · waiting for sender', color: 'orange' },
  rejected_by_both_parties: { label: 'Rejected by both parties', color: 'red' },
};

export function statusLabel(status: string): { label: string; color: string } {
  return STATUS_LABELS[status as NegotiationStatus] ?? { label: status.replaceAll('_', ' '), color: 'gray' };
}
