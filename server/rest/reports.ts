import type { FastifyInstance } from 'fastify';
import { reportFilterQuery } from '@shared/schemas/reports.js';
import type { Core } from '../core.js';
import { getReportMetrics } from '../queries/reports/get-report-metrics.js';
import { listReportChoices } from '../queries/reports/list-report-choices.js';
import { route } from './route.js';

/** Reports: GET /reports/metrics/?project__in=&project_branch__in= and the filter's choices. */
export function reportRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/reports/metrics/',
    summary: 'Answers the reports of the projects the caller runs, or of the projects and groups chosen.',
    description:
      'project__in and project_branch__in take comma-separated ids (or the key repeated). A project chosen brings all its groups; a group chosen alone brings only itself; with neither, every project the caller runs counts (an account owner: the company’s; a team member: the projects they created or are a member of). Ids of projects the caller does not run count nothing. NDA counts are of the groups’ NDAs as they stand: unsigned means sent and neither signed nor recalled; active means unsigned with at least one comment thread. The five monthly lists cover the last 6 calendar months in UTC, the current one included, oldest first, each month present (0 when nothing happened); an NDA counts once a month however often it was sent or recalled in it. medianTimeToSign is the median time from an NDA’s first sending to its signature, over the signed NDAs, as {days, hours, minutes}, or null when none is signed. Recipients (signers) have no reports: 403.',
    auth: 'required',
    input: reportFilterQuery,
    handler: (i, a) => getReportMetrics(core, { actor: a, filter: i }),
  });
  route(app, core, {
    method: 'GET',
    url: '/reports/choices/',
    summary: 'Lists what the reports can be filtered by: the projects the caller runs, each with its groups.',
    description:
      'Newest project first, each with id, name, isArchived and projectBranches [{id, name}] (oldest first). Recipients (signers) have no reports: 403.',
    auth: 'required',
    handler: (_i, a) => listReportChoices(core, { actor: a }),
  });
}
