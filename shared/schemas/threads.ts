import { z } from 'zod';
import { PG_INTEGER_MAX, recordIdOrText } from './ids.js';

const id = recordIdOrText;
const text = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(5000, 'Ensure this field has no more than 5000 characters.');

export const MAX_QUOTE = 2000;
export const MAX_PROPOSAL = 5000;

export const PROPOSAL_FIELD_MESSAGES = {
  quoteTooLong: `The quoted clause can have up to ${MAX_QUOTE} characters: select fewer words.`,
  proposalTooLong: `The proposed wording can have up to ${MAX_PROPOSAL} characters.`,
} as const;

/** Optional text: blank means none (null). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The words of the clause the reviewer selected on the page (whitespace runs become one space). */
export const quote = z
  .string({ error: 'Must be text.' })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(MAX_QUOTE, PROPOSAL_FIELD_MESSAGES.quoteTooLong))
  .nullish()
  .transform((v) => (v ? v : null));

/** The wording its author asks for instead of the quoted clause. */
export const proposal = optionalText(MAX_PROPOSAL, PROPOSAL_FIELD_MESSAGES.proposalTooLong);

/** A pointer's place: page from 1; x and y are fractions (0..1) of the page's visible width and height. */
export const pointerPosition = z.object({
  page: z.coerce
    .number({ error: 'page is required' })
    .int('page is required')
    .min(1, 'page must be 1 or more')
    .max(PG_INTEGER_MAX, 'page is too large'),
  x: z.coerce
    .number({ error: 'x is required' })
    .min(0, 'x must be between 0 and 1')
    .max(1, 'x must be between 0 and 1'),
  y: z.coerce
    .number({ error: 'y is required' })
    .min(0, 'y must be between 0 and 1')
    .max(1, 'y must be between 0 and 1'),
});

export const createThreadInput = z.object({
  nda: id,
  text,
  pointers: z.array(pointerPosition, { error: 'set pointer' }).min(1, 'set pointer').max(20),
  quote,
  proposal,
});
export const updateTextInput = z.object({ text });
export const createCommentInput = z.object({ commentThread: id, text, proposal });
/** Why a side rejects a thread, optional: posted in the thread as their reply. */
export const rejectReason = optionalText(5000, 'Ensure this field has no more than 5000 characters.');
export const rejectInput = z.object({ reason: rejectReason });
export const createPointerInput = pointerPosition.extend({ commentThread: id });
export const threadListInput = z.object({ nda: id });
export const commentListInput = z.object({ commentThread: id });
