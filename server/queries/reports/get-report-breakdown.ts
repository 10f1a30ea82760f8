import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import type { ReportBreakdownDto } from '@server/presenters/report.js';
import { reportClauses } from './report-clauses.js';
import { reportGroups } from './report-groups.js';

/** The most groups and clauses a breakdown lists on screen; the CSV export has them all. */
export const BREAKDOWN_ROWS = 200;

/**
 * Beyond the spec's metrics, what advisers ask for: each group's NDA status and time from sent to
 * signed, and the clauses negotiated across the groups, in the filter's scope. Recipients have none.
 */
export async function getReportBreakdown(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<ReportBreakdownDto> {
  requireTeam(actor);
  const [groups, clauses] = await Promise.all([
    reportGroups(core.db, actor.user, filter, BREAKDOWN_ROWS),
    reportClauses(core.db, actor.user, filter),
  ]);
  return {
    groups: groups.groups,
    groupsTotal: groups.total,
    clauses: clauses.slice(0, BREAKDOWN_ROWS),
    clausesTotal: clauses.length,
  };
}
