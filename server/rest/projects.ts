import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_SOURCE_DOCUMENT_BYTES } from '../../shared/uploads.js';
import { projectCreateInput, projectListQuery, projectUpdateInput } from '../../shared/schemas/projects.js';
import type { ProjectUploads } from '../commands/projects/project-files.js';
import { createProject } from '../commands/projects/create-project.js';
import { updateProject } from '../commands/projects/update-project.js';
import type { Core } from '../core.js';
import { fromZodError } from '../errors.js';
import { getProject } from '../queries/projects/get-project.js';
import { listProjects } from '../queries/projects/list-projects.js';
import { camelizeKeys } from './case.js';
import { readMultipart } from './multipart.js';
import type { Page } from '../queries/projects/page.js';
import { pageResponse } from './paging.js';
import { idParam } from './params.js';
import { requireBearer, route } from './route.js';

/** The spec's page of a query's Page (limit null: everything). */
const paged = <T>(req: FastifyRequest, page: Page<T>) => pageResponse(req, page, page.limit ?? -1, page.offset);

/**
 * Projects: GET/POST /projects/projects/, GET/PATCH /projects/projects/{id}/. POST and PATCH take JSON
 * or a multipart form whose `teaser` and `cim` parts are files (members as a repeated field).
 */
export function projectRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/',
    auth: 'required',
    input: projectListQuery,
    handler: async (i, a, { req }) => paged(req, await listProjects(core, a, i)),
  });
  route(app, core, { method: 'GET', url: '/projects/projects/:id/', auth: 'required', handler: (_i, a, { req }) => getProject(core, a, idParam(req)) });

  app.post('/projects/projects/', async (req, reply) => {
    const actor = await requireBearer(core, req);
    const form = await readProjectForm(req);
    const input = projectCreateInput.safeParse(camelizeKeys(form.fields));
    if (!input.success) throw fromZodError(input.error);
    const project = await createProject(core, actor, input.data, form.files, req.ip);
    return reply.code(201).send(project);
  });
  app.patch('/projects/projects/:id/', async (req) => {
    const actor = await requireBearer(core, req);
    const id = idParam(req);
    const form = await readProjectForm(req);
    const input = projectUpdateInput.safeParse(camelizeKeys(form.fields));
    if (!input.success) throw fromZodError(input.error);
    return updateProject(core, actor, id, input.data, form.files, req.ip);
  });
}

async function readProjectForm(req: FastifyRequest): Promise<{ fields: unknown; files: ProjectUploads }> {
  if (!req.isMultipart()) return { fields: req.body ?? {}, files: {} };
  const form = await readMultipart(req, MAX_SOURCE_DOCUMENT_BYTES);
  return { fields: form.fields, files: { teaser: form.files.teaser, cim: form.files.cim } };
}
