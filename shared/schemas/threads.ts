import { z } from 'zod';

const id = z.coerce.number({ error: 'A valid id is required' }).int().positive('A valid id is required');
const text = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(5000, 'Ensure this field has no more than 5000 characters.');

/** A pointer's place: page from 1; x and y are fractions (0..1) of the page's visible width and height. */
export const pointerPosition = z.object({
  page: z.coerce.number({ error: 'page is required' }).int().min(1, 'page must be 1 or more'),
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
});
export const updateTextInput = z.object({ text });
export const createCommentInput = z.object({ commentThread: id, text });
export const createPointerInput = pointerPosition.extend({ commentThread: id });
export const threadListInput = z.object({ nda: id });
export const commentListInput = z.object({ commentThread: id });
