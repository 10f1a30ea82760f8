import type { ContactMessageInput } from '@shared/schemas/contact.js';
import { renderMail } from './layout.js';

/** A Contact us message, as the sales team receives it: replying answers the sender. */
export function contactMessageMail(input: ContactMessageInput, receivedAt: Date) {
  return renderMail({
    subject: `Contact request from ${input.firstName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.firstName} sent a message through the Contact us form on ${receivedAt.toUTCString()}.`,
      `E-mail: ${input.email}`,
      `Contact number: ${input.contactNo}`,
      'Message:',
      ...input.messages.split(/\r?\n\s*\r?\n/),
    ],
    footnote: 'Reply to this e-mail to answer the sender directly.',
  });
}
