import type { FastifyInstance } from 'fastify';
import { settleHeldProposal } from '../commands/proposals/settle-held-proposal.js';
import type { Core } from '../core.js';
import { listHeldProposals } from '../queries/proposals/list-held-proposals.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

const APPROVAL =
  'Internal approval is a project setting (`proposalApproval`). While it is on, a reply with a proposal by a team member who may not approve, whose wording is none of the playbook’s for the thread’s clause, is held: `POST /projects/comments/` answers it `{id, commentThread, nda, text, proposal, author, authorId, created, approval: "pending"}` and the bidder sees nothing (no reply, proposal, event, e-mail or live message). The company’s owner, the project’s owner and the project’s `approvers` approve: they hear of it live (`proposal.held`, project room) and by e-mail.';

/** Proposals held for internal approval: listed, released and discarded by the sending team. */
export function proposalRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/nda/:id/held_proposals/',
    summary: 'Lists the proposals of an NDA’s threads awaiting internal approval, oldest first.',
    description: `${APPROVAL} For the project’s owner and managers; anyone else, a recipient included, gets 404.`,
    auth: 'required',
    handler: async (_i, a, { req }) => onePage(await listHeldProposals(core, { actor: a, ndaId: idParam(req) })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/proposals/:id/release/',
    summary: 'Releases a held proposal: it becomes its author’s reply and the thread’s proposal, sent to the bidder.',
    description: `${APPROVAL} Answers the proposal with \`approval: "released"\`; the thread's proposal then carries it. Records \`proposal_released\`, the project's own event. 403 to a team member who may not approve, 404 to anyone else and once settled; 400 when the thread was agreed meanwhile.`,
    auth: 'required',
    handler: (_i, a, { req, ip }) => settleHeldProposal(core, { actor: a, heldId: idParam(req), release: true, ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/proposals/:id/discard/',
    summary: 'Discards a held proposal: the bidder never sees it.',
    description: `${APPROVAL} Answers the proposal as it was held. Records \`proposal_discarded\`, the project's own event. 403 to a team member who may not approve, 404 to anyone else and once settled.`,
    auth: 'required',
    handler: (_i, a, { req, ip }) => settleHeldProposal(core, { actor: a, heldId: idParam(req), release: false, ip }),
  });
}
