import { negotiationBulkInput } from '@shared/schemas/negotiation-bulk.js';
import type { FastifyInstance } from 'fastify';
import { projectCreateInput, projectListQuery, projectUpdateInput } from '@shared/schemas/projects.js';
import { createProject } from '../commands/projects/create-project.js';
import { negotiateBulk } from '../commands/threads/negotiate-bulk.js';
import { updateProject } from '../commands/projects/update-project.js';
import type { Core } from '../core.js';
import { fromZodError } from '../errors.js';
import { getProject } from '../queries/projects/get-project.js';
import { listProjects } from '../queries/projects/list-projects.js';
import { getNegotiationOverview } from '../queries/projects/negotiation-overview.js';
import { camelizeKeys } from '../case.js';
import { readFormFiles } from './multipart.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** The file parts of a project form. */
const PROJECT_FILES = ['teaser', 'cim'] as const;
/** Creating a project also takes the project NDA's file. */
const NEW_PROJECT_FILES = [...PROJECT_FILES, 'nda_file'] as const;

/**
 * Projects: GET/POST /projects/projects/, GET/PATCH /projects/projects/{id}/. POST and PATCH take JSON
 * or a multipart form whose `teaser` and `cim` parts are files (members as a repeated field).
 */
export function projectRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/',
    summary: 'Lists the projects the caller may see, nine a page by default.',
    description:
      '?filter= is All (the default), Active, Received (projects the caller is a recipient of), Initiated (projects of the caller’s company) or Archived; ?search= filters by name and ?company= by company. Newest first; limit=-1 answers every project.',
    auth: 'required',
    input: projectListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listProjects(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/:id/',
    summary: 'Shows one project.',
    description: 'A recipient (signer) gets a read-only view limited to their own groups.',
    auth: 'required',
    handler: (_i, a, { req }) => getProject(core, { actor: a, projectId: idParam(req) }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/:id/negotiation_overview/',
    summary: 'Every thread of every group of the project, grouped by clause: the negotiation across bidders.',
    description:
      'Decision: answers `{clauses: [{key, number, heading, page, quote, x, y, groups, positions, counts, threads: [{id, projectBranch, groupName, nda, negotiationStatus, proposal, text, quote, author, created, page, x, y}]}], ndas}`. One row per clause of the project NDA (its `key`, `number` and `heading`, as `GET /projects/nda/{id}/clauses/` gives them; a group’s copy shares the project NDA’s keys): a thread belongs to the clause holding its first pointer, or whose text holds its quote, whatever words it quoted. `groups` are the groups that raised the clause (`[{projectBranch, groupName}]`); `positions` the distinct wordings proposed or agreed on it (`[{wording, groups, agreed}]`, compared with case, spacing and punctuation ignored; a thread rejected by both parties holds none), with the groups whose thread stands on each and those that agreed it; `counts` its threads `{open, agreed, rejected}`. Rows come in the order of the NDA’s clauses, `page`, `x`, `y` where the clause starts. Threads outside every clause come after with `key`, `number` and `heading` null: those quoting the same words on the same page are one row (whitespace, case and Unicode forms made alike); those without a quote are one row when their first pointers on the same page chain within 0.03 of the page (single linkage). Threads oldest first; `quote` is the row’s quote as its earliest thread wrote it (or null), `proposal` a thread’s current wording (or null), `ndas` the NDAs of the project’s groups (for telling which live messages concern the view). The project’s owner and managers only: a recipient, like anyone else, gets 404.',
    auth: 'required',
    handler: (_i, a, { req }) => getNegotiationOverview(core, { actor: a, projectId: idParam(req) }),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/projects/:id/negotiation_bulk/',
    summary: 'Sends one move to many threads of the project’s groups at once.',
    description:
      'Decision: takes `{threads: [id], move: "propose" | "approve" | "reject", proposal?, playbookPosition?, reply?}` and answers `{results: [{thread, ok, status?, error?}]}` with 200, even when some threads fail. Each thread gets its own reply or proposal, move, event, e-mail notification and live message, as if answered one by one, in the order given; each bidder sees only their own thread. `propose` posts a counter-proposal: `proposal` (1 to 5000 characters) or `playbookPosition` (0 for the preferred wording of the project’s playbook, n for fallback n, taken for each thread’s own clause), exactly one of them; its reply is `reply`, or a plain sentence when none is given. `approve` and `reject` take no wording; `reply` is posted with the move (a rejection’s reason). A thread that is not the project’s, or changed meanwhile (settled, withdrawn, moved on), or whose clause has no playbook wording at that position, answers `ok: false` and `error: {code, message}` (the reason code a single move would give); the others proceed. `status` is the thread’s negotiation status after the move. At most 500 threads, each once (400 otherwise). The project’s owner and managers only: a recipient, like anyone else, gets 404.',
    auth: 'required',
    input: negotiationBulkInput,
    handler: (i, a, { req, ip }) => negotiateBulk(core, { actor: a, projectId: idParam(req), input: i, ip }),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/projects/',
    summary:
      'Creates a project of the caller’s company, with its team and optionally its NDA, a teaser and a CIM, in one transaction.',
    description:
      'The company may create only as many projects as its plan allows (Free: 2, plus projects bought as extras); past that the call is refused with the not-enough-credits message. An account owner must have saved a signature first; teaser and CIM are checked by content (a PDF, or a DOC, DOCX or ODT document converted to PDF, of at most 3 MB).\n\n' +
      'Decision: the project NDA may come with the same call, so a project is never left without the NDA its creator meant to give it: nda_name with nda_file (a file part, checked and converted like POST /projects/nda/ uploads) or nda_template (a template id of the caller’s company). The NDA is optional here, as the spec’s fields are; nda_name alone, or both a file and a template, are refused. A bad NDA (encrypted, damaged, wrong type, unknown template; too large answers 413) answers its message under nda_file, nda_template or nda_name (camelCased: ndaFile, ndaTemplate, ndaName) and creates nothing: no project, no NDA, no file, and the plan’s project count is unchanged.',
    auth: 'required',
    status: 201,
    form: { fields: projectCreateInput, files: NEW_PROJECT_FILES },
    handler: async (_i, actor, { req, ip }) => {
      const form = await readFormFiles(req, NEW_PROJECT_FILES);
      const input = projectCreateInput.safeParse(camelizeKeys(form.raw));
      if (!input.success) throw fromZodError(input.error);
      const { nda_file: ndaFile, ...uploads } = form.files;
      return createProject(core, { actor, input: input.data, uploads: { ...uploads, ndaFile }, ip });
    },
  });
  route(app, core, {
    method: 'PATCH',
    url: '/projects/projects/:id/',
    summary: 'Edits a project: its title, summary, team, archive state, teaser or CIM.',
    description:
      'members replaces the whole team, and the project’s creator cannot be left out. A new teaser or CIM is checked by content (a PDF, or a DOC, DOCX or ODT document converted to PDF, of at most 3 MB) and replaces the old one.',
    auth: 'required',
    form: { fields: projectUpdateInput, files: PROJECT_FILES },
    handler: async (_i, actor, { req, ip }) => {
      const id = idParam(req);
      const form = await readFormFiles(req, PROJECT_FILES);
      const input = projectUpdateInput.safeParse(camelizeKeys(form.raw));
      if (!input.success) throw fromZodError(input.error);
      return updateProject(core, { actor, projectId: id, input: input.data, uploads: form.files, ip });
    },
  });
}
