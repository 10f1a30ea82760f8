import type { FastifyInstance } from 'fastify';
import { countersignInput, passInput, signNdaInput } from '@shared/schemas/signing.js';
import { countersignNda } from '../commands/signing/countersign-nda.js';
import { passOpportunity } from '../commands/signing/pass-opportunity.js';
import { signNda } from '../commands/signing/sign-nda.js';
import type { Core } from '../core.js';
import { userAgentOf } from '../user-agent.js';
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
        "GET and POST do the same; the caller needs a saved signature and the name and address of their company. `job_title` (query or body, optional, at most 100 characters) is the signer's title as the signature table shows it, and is saved on their profile; without it the title on their profile is used. When the NDA has a recipient title field and neither gives a title, the call answers 400 with a `jobTitle` field error. `consent` (optional boolean): `true` when the signer ticked the consent to sign electronically in the confirmation; it is recorded with the time, IP and user agent and printed on the certificate. A call without it still signs, and the certificate says consent was given through the API; `false` answers 400. `name`, `address`, `registration_number` and `vat` (optional, together): the signer's company as the signed NDA shows it. Any of them given, they are checked and saved as PUT /company/{id}/ saves them (name and address required, a registration number or VAT left out cleared; a team member answers 403) before the NDA is signed; none given, the saved company is stamped. Answers the NDA as GET /projects/nda/{id}/ presents it (id, name, file, isSigned, signedAt, signedBy, recipientSignedAt...) with `nda`, its id. Signing is idempotent: signing twice, or two signers at once, gives one signed NDA and one event, and every call answers that signature. The signed PDF is then served at GET /projects/nda/{id}/get_nda_pdf/ (the original at ?original=true).",
      auth: 'required',
      input: signNdaInput,
      handler: (i, a, { req, ip }) =>
        signNda(core, { actor: a, signershipId: idParam(req), input: i, ip, userAgent: userAgentOf(req.headers) }),
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
  route(app, core, {
    method: 'POST',
    url: '/projects/dashboard/:id/countersign/',
    summary: 'Countersigns, for the sending side, an NDA the bidder signed: `{id}` is the signership, as for sign.',
    description:
      'For projects whose `countersignature` is `"manual"`: once the bidder signed (NDA and event status `recipient_signed`, "Signed by the bidder, awaiting countersignature"), the project’s owner or a team member who may sign countersigns with their own saved signature and title, after the same confirmation, with `{consent: true}` (recorded with time, IP and user agent and printed on the certificate; without it the certificate says consent was given through the API; `false` answers 400). The NDA is then sealed and signed (`nda_signed`). Answers the NDA as GET /projects/nda/{id}/ presents it (isSigned, signedAt, signedBy, recipientSignedAt among its fields) with `nda`, its id; countersigning again answers the signature. 400 with `code` `nda_not_opened` ("Open the NDA before you sign it.") until the countersignatory has opened the NDA (GET /projects/nda/{id}/get_nda_pdf/); 400 when nothing awaits a countersignature (not signed by the bidder, recalled, or a recall and a new signature since); 404 to anyone who may not countersign this NDA, the bidder included.',
    auth: 'required',
    input: countersignInput,
    handler: (i, a, { req, ip }) =>
      countersignNda(core, { actor: a, signershipId: idParam(req), input: i, ip, userAgent: userAgentOf(req.headers) }),
  });
}
