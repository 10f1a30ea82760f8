import type { FastifyInstance } from 'fastify';
import { memberInviteInput } from '@shared/schemas/account.js';
import { inviteMember } from '../commands/members/invite-member.js';
import { removeMember } from '../commands/members/remove-member.js';
import type { Core } from '../core.js';
import { listMembers } from '../queries/members/list-members.js';
import { onePage } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** Team members. `?is_deleted=False` is what the spec's client sends; deleted members are never listed. */
export function memberRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/members/',
    summary: 'Lists the invited and registered team members of the company of the caller.',
    auth: 'required',
    handler: async (_i, a) => onePage(await listMembers(core, { actor: a })),
  });
  route(app, core, {
    method: 'POST',
    url: '/members/',
    summary: 'Invites a team member by e-mail.',
    description:
      'Account owners only (403 otherwise). The owner must have saved a signature and the plan must have a free seat; inviting again a member who has not registered yet sends a new invitation.',
    auth: 'required',
    input: memberInviteInput,
    status: 201,
    handler: (i, a) => inviteMember(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'DELETE',
    url: '/members/:id/',
    summary: 'Removes a team member from the company.',
    description:
      'Account owners only (403 otherwise). The account of the member is deleted and their sessions end at once.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => removeMember(core, { actor: a, memberId: idParam(req) }),
  });
}
