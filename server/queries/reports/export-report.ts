import { csvText } from '@shared/csv.js';
import { EVENT_SENTENCES, type EventType } from '@shared/events.js';
import { formatDuration, reportExportName } from '@shared/reports.js';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import { presentEvents } from '@server/presenters/event.js';
import { groupEngagement } from '../engagement/group-engagement.js';
import { reportGroups } from './report-groups.js';
import { reportEvents } from './report-scope.js';

/** The most events one export holds, newest first: a year of a busy deal team is far fewer. */
export const EXPORT_MAX_EVENTS = 100_000;

export interface CsvExport {
  filename: string;
  text: string;
}

/** The events of the report's scope as CSV, newest first, as the reports page lists them. */
export async function exportReportEvents(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<CsvExport> {
  requireTeam(actor);
  const rows = await core.db
    .selectFrom('events')
    .innerJoin('projects', 'projects.id', 'events.projectId')
    .leftJoin('projectBranches', 'projectBranches.id', 'events.projectBranchId')
    .selectAll('events')
    .select(['projects.name as projectName', 'projectBranches.name as groupName'])
    .where(reportEvents(actor.user, filter))
    .orderBy('events.id', 'desc')
    .limit(EXPORT_MAX_EVENTS)
    .execute();
  const events = await presentEvents(core.db, rows);
  const text = csvText(
    ['time_utc', 'project', 'group', 'event', 'description', 'author', 'reason'],
    events.map((e, i) => [
      e.created,
      rows[i]!.projectName,
      rows[i]!.groupName,
      e.status,
      e.sentence ?? `${EVENT_SENTENCES[e.status as EventType] ?? e.status} ${e.author}`,
      e.author,
      e.reason,
    ]),
  );
  return { filename: reportExportName('events'), text };
}

/** Each group of the report's scope with its NDA's status, time to sign and threads, as CSV. */
export async function exportReportStatuses(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<CsvExport> {
  requireTeam(actor);
  const { groups } = await reportGroups(core.db, actor.user, filter);
  const text = csvText(
    [
      'project',
      'group',
      'nda_status',
      'sent_at_utc',
      'signed_at_utc',
      'time_to_sign',
      'time_to_sign_minutes',
      'threads',
      'open_threads',
      'agreed_threads',
    ],
    groups.map((g) => [
      g.projectName,
      g.name,
      g.status,
      g.sentAt,
      g.signedAt,
      g.timeToSign ? formatDuration(g.timeToSign) : null,
      g.timeToSign ? g.timeToSign.days * 1440 + g.timeToSign.hours * 60 + g.timeToSign.minutes : null,
      g.threads,
      g.openThreads,
      g.agreedThreads,
    ]),
  );
  return { filename: reportExportName('statuses'), text };
}

/** Each group of the report's scope with its bidders' engagement (queries/engagement), as CSV. */
export async function exportReportEngagement(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<CsvExport> {
  requireTeam(actor);
  const { groups } = await reportGroups(core.db, actor.user, filter);
  const figures = await groupEngagement(
    core.db,
    groups.map((g) => g.id),
  );
  const text = csvText(
    ['project', 'group', 'last_seen_utc', 'documents_opened', 'pages_read', 'reading_seconds', 'score'],
    groups.map((g) => {
      const f = figures.get(g.id)!;
      return [
        g.projectName,
        g.name,
        f.lastSeen?.toISOString() ?? null,
        f.documentsOpened,
        f.pagesRead,
        f.totalSeconds,
        f.score,
      ];
    }),
  );
  return { filename: reportExportName('engagement'), text };
}
