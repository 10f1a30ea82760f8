import type { FastifyInstance } from 'fastify';
import {
  branchCreateInput,
  branchListQuery,
  branchUpdateInput,
  signerGroupInput,
  signerGroupListQuery,
  signerGroupUpdateInput,
  signershipUpdateInput,
} from '@shared/schemas/groups.js';
import { createBranch } from '../commands/groups/create-branch.js';
import { createSignerGroup } from '../commands/groups/create-signer-group.js';
import { deleteSignerGroup } from '../commands/groups/delete-signer-group.js';
import { setSignershipColor } from '../commands/groups/set-signership-color.js';
import { updateBranch } from '../commands/groups/update-branch.js';
import { updateSignerGroup } from '../commands/groups/update-signer-group.js';
import type { Core } from '../core.js';
import { fromZodError } from '../errors.js';
import { authorizeSignerGroup } from '../policies/group.js';
import { getBranch } from '../queries/groups/get-branch.js';
import { listBranches } from '../queries/groups/list-branches.js';
import { listSignerGroups, presentSignerGroups } from '../queries/groups/list-signer-groups.js';
import { refuseHostileInput } from '../untrusted-input.js';
import { camelizeKeys } from '../case.js';
import { readFormFiles } from './multipart.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** The file part of a new group: its own NDA. */
const BRANCH_FILES = ['nda_file'] as const;

/** A list sent as one multipart text field holds JSON; anything else is read as it is. */
function jsonField(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    return value;
  }
  // The text passed the door's check; what it decodes to (a \u0000 escape, deep nesting) has not.
  refuseHostileInput({ [field]: parsed });
  return parsed;
}

/** Signer groups (/projects/signers_group/), a project's groups (/projects/project_branches/) and recipients' tags (/projects/signership/). */
export function groupRoutes(app: FastifyInstance, core: Core): void {
  const SG = '/projects/signers_group';
  route(app, core, {
    method: 'GET',
    url: `${SG}/`,
    summary: 'Lists the signer groups (named sets of recipients) of the caller’s company, newest first.',
    auth: 'required',
    input: signerGroupListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listSignerGroups(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'POST',
    url: `${SG}/`,
    summary: 'Creates a signer group: a named set of recipients to put in a project’s groups.',
    description:
      'Takes {name, users: [user ids]}. Each user must be the account behind a contact of the company (POST /projects/contacts/resolve/ turns typed recipients into such accounts), not a member of its team.',
    auth: 'required',
    input: signerGroupInput,
    status: 201,
    handler: (i, a) => createSignerGroup(core, { actor: a, input: i }),
  });
  route(app, core, {
    method: 'GET',
    url: `${SG}/:id/`,
    summary: 'Shows one signer group with the ids of its users.',
    auth: 'required',
    handler: async (_i, a, { req }) =>
      (await presentSignerGroups(core, [await authorizeSignerGroup(core.db, a, idParam(req))]))[0],
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    route(app, core, {
      method,
      url: `${SG}/:id/`,
      summary: 'Renames a signer group or replaces its users.',
      description:
        'users replaces the whole set. The project groups built from it follow: new users get a signership (recipient_added), users left out lose theirs (recipient_removed), so changing users needs the right to manage every project that uses the group.',
      auth: 'required',
      input: signerGroupUpdateInput,
      handler: (i, a, { req, ip }) => updateSignerGroup(core, { actor: a, groupId: idParam(req), input: i, ip }),
    });
  }
  route(app, core, {
    method: 'DELETE',
    url: `${SG}/:id/`,
    summary: 'Deletes a signer group.',
    description: 'A signer group that a project group uses cannot be deleted.',
    auth: 'required',
    status: 204,
    handler: (_i, a, { req }) => deleteSignerGroup(core, { actor: a, groupId: idParam(req) }),
  });

  const PB = '/projects/project_branches';
  route(app, core, {
    method: 'GET',
    url: `${PB}/`,
    summary: 'Lists the recipient groups (project branches) the caller may see, newest first.',
    description:
      'With ?project= the groups of that project: all of them for its managers, only their own for a recipient. Every group unless a limit is given.',
    auth: 'required',
    input: branchListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listBranches(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'POST',
    url: `${PB}/`,
    summary: 'Creates a recipient group (project branch) of a project from signer groups or typed recipients.',
    description:
      'Takes {name, project, signerGroups, allowComments, sendTeaser, inheritNdaFromProject}. Every user of its signer groups gets a signership (event recipient_added); when it inherits the project NDA and the project has one, the group gets its own copy of it.\n\n' +
      'Decision: the recipients page creates a group in one call, so a refused row never leaves half a group. Instead of signerGroups, recipients may list the typed rows [{first_name, last_name, email}]: each becomes a contact of the company and an account (as POST /projects/contacts/resolve/ does), gathered in a new signer group named after the group. A refused row answers its message under recipients.<row>.<field> (for example recipients.1.email, rows counted from 0) and creates nothing. A group with inheritNdaFromProject false may bring its own NDA in the same call: nda_name with nda_template, or with a file part nda_file (multipart; recipients is then a JSON text field); its messages answer under ndaFile, ndaTemplate or ndaName, as on POST /projects/projects/.',
    auth: 'required',
    status: 201,
    form: { fields: branchCreateInput, files: BRANCH_FILES },
    handler: async (_i, actor, { req, ip }) => {
      const form = await readFormFiles(req, BRANCH_FILES);
      const raw = form.raw as Record<string, unknown>;
      const input = branchCreateInput.safeParse(
        camelizeKeys({ ...raw, recipients: jsonField(raw.recipients, 'recipients') }),
      );
      if (!input.success) throw fromZodError(input.error);
      return createBranch(core, { actor, input: input.data, ndaFile: form.files.nda_file, ip });
    },
  });
  route(app, core, {
    method: 'GET',
    url: `${PB}/:id/`,
    summary: 'Shows one recipient group.',
    description: 'The project’s managers see any of its groups; a recipient only their own (others answer 404).',
    auth: 'required',
    handler: (_i, a, { req }) => getBranch(core, { actor: a, branchId: idParam(req) }),
  });
  route(app, core, {
    method: 'PATCH',
    url: `${PB}/:id/`,
    summary: 'Edits a recipient group: its name, toggles, colour tag or recipients.',
    description:
      'A colour tags every recipient of the group and must differ from the colour the group shows. New signer groups bring their users in and drop those no longer in any (events recipient_added and recipient_removed).\n\n' +
      'Decision: the recipients page updates a group in one call, as it creates one. Instead of signer_groups, recipients may list the typed rows [{first_name, last_name, email}]: unless they are the group’s recipients already (by e-mail, in any order), each becomes a contact of the company and an account, gathered in a new signer group named after the group, which replaces the group’s signer groups. A refused row answers under recipients.<row>.<field>, and any refused part of the call changes nothing.',
    auth: 'required',
    input: branchUpdateInput,
    handler: (i, a, { req, ip }) => updateBranch(core, { actor: a, branchId: idParam(req), input: i, ip }),
  });

  route(app, core, {
    method: 'PATCH',
    url: '/projects/signership/:id/',
    summary: 'Tags one recipient of a group with a colour.',
    description: 'Takes {colorStatus}: red, yellow or green, other than the recipient’s current colour.',
    auth: 'required',
    input: signershipUpdateInput,
    handler: (i, a, { req }) =>
      setSignershipColor(core, { actor: a, signershipId: idParam(req), colorStatus: i.colorStatus }),
  });
}
