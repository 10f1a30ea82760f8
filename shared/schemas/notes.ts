import { z } from 'zod';
import { recordIdOrText } from './ids.js';

/** An internal note: the sending team's own remark on a thread, never shown to a recipient. */
export const MAX_NOTE = 5000;

export const NOTE_MESSAGES = {
  text: 'Write the note.',
  tooLong: `A note can have up to ${MAX_NOTE} characters.`,
} as const;

export const noteText = z
  .string({ error: NOTE_MESSAGES.text })
  .trim()
  .min(1, NOTE_MESSAGES.text)
  .max(MAX_NOTE, NOTE_MESSAGES.tooLong);

export const createNoteInput = z.object({ text: noteText });
export const noteThreadInput = z.object({ id: recordIdOrText });
export const createNoteIdInput = createNoteInput.extend({ id: recordIdOrText });
export const ndaNotesInput = z.object({ nda: recordIdOrText });
