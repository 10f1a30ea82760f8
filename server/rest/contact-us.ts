import type { FastifyInstance } from 'fastify';
import { contactMessageInput } from '@shared/schemas/contact.js';
import { sendContactMessage } from '../commands/contact-us/send-contact-message.js';
import type { Core } from '../core.js';
import { route } from './route.js';

export function contactUsRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'POST',
    url: '/contact-us/',
    statuses: [429],
    summary: 'Sends a message from the landing page’s Contact us form to the sales team.',
    description:
      'first_name, email, contact_no and messages are required. The message is kept and e-mailed to the address configured as CONTACT_EMAIL, with the sender as Reply-To; nothing is sent to the sender. Messages are rate-limited per IP address; over the limit the call answers 429 with a Retry-After header.',
    auth: 'none',
    input: contactMessageInput,
    status: 201,
    handler: (i, _a, m) => sendContactMessage(core, { input: i, ip: m.ip }),
  });
}
