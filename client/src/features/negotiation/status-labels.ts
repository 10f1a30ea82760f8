import { type NegotiationStatus, statusLabel as labelOf } from '@shared/negotiation';

/** The badge colour of each status; the words are shared with the signed PDF (shared/negotiation.ts). */
const STATUS_COLORS: Record<NegotiationStatus, string> = {
  unresolved: 'gray',
  approved_by_sender_waiting_recipient: 'teal',
  approved_by_recipient_waiting_sender: 'teal',
  approved_by_both_parties: 'green',
  rejected_by_sender_waiting_recipient: 'orange',
  rejected_by_recipient_waiting_for_sender: 'orange',
  rejected_by_both_parties: 'red',
};

/** How a thread's negotiation status reads and which colour its badge has. */
export function statusLabel(status: string): { label: string; color: string } {
  return { label: labelOf(status), color: STATUS_COLORS[status as NegotiationStatus] ?? 'gray' };
}
