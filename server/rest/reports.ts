import type { FastifyInstance } from 'fastify';
import { ENGAGEMENT_FORMULA } from '@shared/engagement.js';
import { reportFilterQuery } from '@shared/schemas/reports.js';
import type { Core } from '../core.js';
import {
  type CsvExport,
  exportReportEngagement,
  exportReportEvents,
  exportReportStatuses,
} from '../queries/reports/export-report.js';
import { getReportBreakdown } from '../queries/reports/get-report-breakdown.js';
import { getReportMetrics } from '../queries/reports/get-report-metrics.js';
import { listReportChoices } from '../queries/reports/list-report-choices.js';
import { type Meta, route } from './route.js';

const FILTER =
  'project__in and project_branch__in choose the scope as for GET /reports/metrics/: a project chosen brings all its groups and its project-wide events, a group chosen alone brings only itself, and with neither every project the caller runs counts.';

function sendCsv({ reply }: Meta, file: CsvExport) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.text);
}

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
    url: '/reports/breakdown/',
    summary:
      'Answers each group’s NDA status and time from sent to signed, and the clauses negotiated across the groups.',
    description: `${FILTER} groups: newest project first, each project’s groups oldest first, with the status of the group’s latest NDA (No NDA, Not sent, Pending, Completed, Rejected when a recipient passed, Recalled), sentAt (first sending), signedAt, timeToSign {days, hours, minutes} (null until signed) and its threads (all, open, agreed by both parties). clauses: the threads grouped by clause as the project’s clause view groups them, each with its threads, the groups that raised it and how many threads are open, agreed and rejected, the clauses raised by the most groups first. Each list holds at most 200 rows; groupsTotal and clausesTotal count them all. Recipients (signers) have no reports: 403.`,
    auth: 'required',
    input: reportFilterQuery,
    handler: (i, a) => getReportBreakdown(core, { actor: a, filter: i }),
  });
  route(app, core, {
    method: 'GET',
    url: '/reports/export/events/',
    summary: 'Downloads the events of the report’s scope as CSV.',
    description: `${FILTER} Newest first, at most 100,000 events, with the columns time_utc, project, group, event, description, author and reason (why a recipient passed, for nda_rejected). A field that a spreadsheet would read as a formula starts with an apostrophe. Recipients (signers) have no reports: 403.`,
    auth: 'required',
    input: reportFilterQuery,
    produces: 'text/csv',
    handler: async (i, a, meta) => sendCsv(meta, await exportReportEvents(core, { actor: a, filter: i })),
  });
  route(app, core, {
    method: 'GET',
    url: '/reports/export/statuses/',
    summary: 'Downloads each group’s NDA status of the report’s scope as CSV.',
    description: `${FILTER} One row per group, ordered as in GET /reports/breakdown/, with the columns project, group, nda_status, sent_at_utc, signed_at_utc, time_to_sign (in words), time_to_sign_minutes, threads, open_threads and agreed_threads. Recipients (signers) have no reports: 403.`,
    auth: 'required',
    input: reportFilterQuery,
    produces: 'text/csv',
    handler: async (i, a, meta) => sendCsv(meta, await exportReportStatuses(core, { actor: a, filter: i })),
  });
  route(app, core, {
    method: 'GET',
    url: '/reports/export/engagement/',
    summary: 'Downloads each group’s engagement with the NDA and the deal documents of the report’s scope as CSV.',
    description: `${FILTER} One row per group, ordered as in GET /reports/breakdown/, with the columns project, group, last_seen_utc (empty when none of its bidders read anything), documents_opened, pages_read, reading_seconds and score, counted as GET /projects/projects/{id}/engagement/ counts them. ${ENGAGEMENT_FORMULA} Recipients (signers) have no reports: 403.`,
    auth: 'required',
    input: reportFilterQuery,
    produces: 'text/csv',
    handler: async (i, a, meta) => sendCsv(meta, await exportReportEngagement(core, { actor: a, filter: i })),
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
