import type { FastifyInstance } from 'fastify';
import { passInput, signNdaInput } from '@shared/schemas/signing.js';
import { passOpportunity } from '../commands/signing/pass-opportunity.js';
import { signNda } from '../commands/signing/sign-nda.js';
import type { Core } from '../core.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** Signing and passing, by signership id; the spec's client uses GET, POST does the same. */
export function signingRoutes(app: FastifyInstance, core: Core): void {
  for (const method of ['GET', 'POST'] as const) {
    route(app, core, {
      method,
      url: '/projects/dashboard/:id/sign/',
      summary: 'Signs the NDA of a signership of the caller.',
      description:
        "GET and POST do the same; the caller needs a saved signature and the name and address of their company. `job_title` (query or body, optional, at most 100 characters) is the signer's title as the signature table shows it, and is saved on their profile; without it the title on their profile is used. When the NDA has a recipient title field and neither gives a title, the call answers 400 with a `jobTitle` field error. Signing is idempotent: signing twice, or two signers at once, gives one signed NDA and one event, and every call answers that signature. The signed PDF is then served at GET /projects/nda/{id}/get_nda_pdf/ (the original at ?original=true).",
      auth: 'required',
      input: signNdaInput,
      handler: (i, a, { req, ip }) => signNda(core, { actor: a, signershipId: idParam(req), input: i, ip }),
    });
    route(app, core, {
      method,
      url: '/projects/dashboard/:id/reject/',
      summary: 'Passes on the opportunity: the caller rejects the NDA of their signership, optionally saying why.',
      description:
        'GET (reason in the query) and POST (reason in the body) do the same. `reason` is optional, up to 1000 characters; the project’s team reads it on the tracker (the signership’s `rejectionReason`) and in the activity feed (the nda_rejected event’s `reason`). It closes the group’s negotiation for both sides: no thread, reply, pointer, move or signature after it. Passing again answers the first rejection and its reason; an NDA already signed cannot be rejected. Answers `{signership, rejectedAt, reason}`.',
      auth: 'required',
      input: passInput,
      handler: (i, a, { req, ip }) =>
        passOpportunity(core, { actor: a, signershipId: idParam(req), reason: i.reason, ip }),
    });
  }
}
