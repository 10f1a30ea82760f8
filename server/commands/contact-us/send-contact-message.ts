import { CONTACT_MESSAGES, type ContactMessageInput } from '@shared/schemas/contact.js';
import type { Core } from '@server/core.js';
import { contactMessageMail } from '@server/mail/contact-mails.js';
import { enforceRateLimit } from '../auth/rate-limit.js';

/**
 * Keeps a message from the landing page's Contact us form and e-mails it to the sales team
 * (CONTACT_EMAIL), in one transaction. Limited per IP, since each message sends an e-mail. Nothing is
 * sent to the address the visitor typed, so the form cannot be used to mail strangers.
 */
export async function sendContactMessage(
  core: Core,
  { input, ip }: { input: ContactMessageInput; ip: string },
): Promise<{ detail: string }> {
  await enforceRateLimit(core, { scope: 'contact', ip });
  await core.tx(async (tx) => {
    const row = await tx.db
      .insertInto('contactMessages')
      .values({
        firstName: input.firstName,
        email: input.email,
        contactNo: input.contactNo,
        message: input.messages,
        ip: ip.slice(0, 64),
      })
      .returning('createdAt')
      .executeTakeFirstOrThrow();
    await core.outbox.enqueue(tx, {
      to: core.config.contactEmail,
      ...contactMessageMail(input, row.createdAt),
      headers: { 'Reply-To': input.email },
    });
  });
  return { detail: CONTACT_MESSAGES.sent };
}
