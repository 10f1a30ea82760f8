import { z } from 'zod';
import { email, MAX_NAME, maxMessage, requiredText } from './fields.js';

/** The landing page's Contact us form (spec: firstName, email, contactNo, messages). */
export const MAX_CONTACT_NO = 32;
export const MAX_CONTACT_MESSAGE = 5000;

export const CONTACT_MESSAGES = {
  contactNoInvalid: 'Enter a valid contact number',
  oneLine: 'Enter this on one line, as plain text',
  sent: 'Thank you for your message. A member of our team will contact you shortly.',
  tooMany: 'Too many messages from this network. Please try again in an hour.',
} as const;

/** Control characters (new lines included) have no place in a name or a number that goes into an e-mail header. */
const oneLine = (v: string) => !/\p{Cc}/u.test(v);

/** A blank field answers only that it is required; what it holds is checked once it holds something. */
export const contactMessageInput = z.object({
  firstName: requiredText('First name', MAX_NAME).refine(oneLine, CONTACT_MESSAGES.oneLine),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(email),
  contactNo: requiredText('Contact number', MAX_CONTACT_NO).pipe(
    z.string().regex(/^\+?[0-9(][0-9 ().-]{4,}[0-9]$/, CONTACT_MESSAGES.contactNoInvalid),
  ),
  messages: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MAX_CONTACT_MESSAGE, maxMessage(MAX_CONTACT_MESSAGE)),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;
