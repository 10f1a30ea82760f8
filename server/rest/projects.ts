import type { FastifyInstance } from 'fastify';
import { projectCreateInput, projectListQuery, projectUpdateInput } from '../../shared/schemas/projects.js';
import { createProject } from '../commands/projects/create-project.js';
import { updateProject } from '../commands/projects/update-project.js';
import type { Core } from '../core.js';
import { fromZodError } from '../errors.js';
import { getProject } from '../queries/projects/get-project.js';
import { listProjects } from '../queries/projects/list-projects.js';
import { camelizeKeys } from './case.js';
import { readFormFiles } from './multipart.js';
import { pagedAnswer } from './paging.js';
import { idParam } from './params.js';
import { requireBearer, route } from './route.js';

/** The file parts of a project form. */
const PROJECT_FILES = ['teaser', 'cim'] as const;


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
    handler: async (i, a, { req }) => pagedAnswer(req, await listProjects(core, a, i)),
  });
  route(app, core, { method: 'GET', url: '/projects/projects/:id/', auth: 'required', handler: (_i, a, { req }) => getProject(core, a, idParam(req)) });

  app.post('/projects/projects/', async (req, reply) => {
    const actor = await requireBearer(core, req);
    const form = await readFormFiles(req, PROJECT_FILES);
    const input = projectCreateInput.safeParse(camelizeKeys(form.raw));
    if (!input.success) throw fromZodError(input.error);
    const project = await createProject(core, actor, input.data, form.files, req.ip);
    return reply.code(201).send(project);
  });
  app.patch('/projects/projects/:id/', async (req) => {
    const actor = await requireBearer(core, req);
    const id = idParam(req);
    const form = await readFormFiles(req, PROJECT_FILES);
    const input = projectUpdateInput.safeParse(camelizeKeys(form.raw));
    if (!input.success) throw fromZodError(input.error);
    return updateProject(core, actor, id, input.data, form.files, req.ip);
  });
}
