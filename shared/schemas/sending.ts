import { z } from 'zod';
import { maxMessage } from './fields.js';
import { id } from './projects.js';

/** Sending a group's NDA to its recipients with a subject and a note. */

export const SUBJECT_MAX = 200;
export const NOTE_MAX = 5000;

export const SENDING_MESSAGES = {
  noNda: 'cannot send mail to recipients without project NDA',
  notSendable: 'A recalled or signed NDA cannot be sent.',
  alreadySent: 'This NDA has already been sent to the group. Send it again to one recipient from the tracker.',
  noRecipients: 'The group has no recipients to send the NDA to.',
  notInGroup: 'This recipient is not in the group.',
  wrongGroup: 'The group does not match the address.',
  subjectRequired: 'Subject is required',
  noteRequired: 'Note is required',
  sent: 'NDA was sent.',
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage(max));

export const sendNdaInput = z.object({
  projectBranch: id.optional(),
  // One line: a subject never carries line breaks into the mail header.
  subject: required(SENDING_MESSAGES.subjectRequired, SUBJECT_MAX).transform((s) => s.replace(/\s*[\r\n]+\s*/g, ' ')),
  note: required(SENDING_MESSAGES.noteRequired, NOTE_MAX),
});
export type SendNdaInput = z.infer<typeof sendNdaInput>;

export const sendNdaToSignerInput = sendNdaInput.extend({ signer: id });
export type SendNdaToSignerInput = z.infer<typeof sendNdaToSignerInput>;
