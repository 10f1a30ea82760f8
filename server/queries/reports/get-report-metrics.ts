import { type RawBuilder, sql } from 'kysely';
import { durationParts, fillMonths, type MonthCount, reportMonths, reportStart } from '@shared/reports.js';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import type { ReportMetricsDto } from '@server/presenters/report.js';
import { groupsChosen, reportBranches, reportProjects } from './report-scope.js';

/** The monthly lists: projects and groups by creation, NDAs by the event that records each move. */
type MonthlyKind = 'projects' | 'groups' | 'nda_sent' | 'nda_signed' | 'nda_recalled';

interface MonthlyRow {
  kind: MonthlyKind;
  year: number;
  month: number;
  number: number;
}

interface NdaCounts {
  total: number;
  signed: number;
  unsigned: number;
  active: number;
  recalled: number;
  median: number | string | null;
}

/** The median time to sign, in seconds, of the signed NDAs of `n` (an alias of ndas). */
const MEDIAN = sql`percentile_cont(0.5) within group (order by extract(epoch from (n.signed_at - n.sent_at))::float8)`;
const SIGNED_IN_ORDER = sql`n.is_signed and n.sent_at is not null and n.signed_at >= n.sent_at`;

/**
 * The reports of the projects the caller runs (owner: the company's; team member: theirs), or of
 * the projects and groups chosen. Two statements whatever the data's size, run side by side. Whole
 * projects are counted from the running totals the database keeps per project (migration
 * 2026_11_23_0050): NDAs by state, and per month the NDAs sent, signed and recalled (each NDA once a
 * month) and the groups created. Groups chosen are counted from their own NDAs and moves. The median
 * time to sign always reads the signed NDAs themselves. Recipients have no reports.
 */
export async function getReportMetrics(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<ReportMetricsDto> {
  requireTeam(actor);
  const db = core.db;
  const now = new Date();
  const months = reportMonths(now);
  const start = sql`${reportStart(now).toISOString().slice(0, 10)}::date`;
  const projects = reportProjects(db, actor.user, filter);
  const branches = reportBranches(db, actor.user, filter);
  const ym = (column: RawBuilder<unknown>) =>
    sql`extract(year from ${column})::int, extract(month from ${column})::int`;
  const createdMonth = (alias: string) => sql.raw(`date_trunc('month', ${alias}.created_at at time zone 'UTC')`);
  const byGroups = groupsChosen(filter);

  // Written by database triggers: report_project_ndas by ndas_report_states, ndas.thread_count by
  // comment_threads_report_count (migration 2026_11_23_0050).
  const counts = byGroups
    ? sql<NdaCounts>`
        with sb as (${branches})
        select
          count(*)::int as total,
          count(*) filter (where n.is_signed)::int as signed,
          count(*) filter (where n.is_sent and not n.is_signed and not n.is_recalled)::int as unsigned,
          count(*) filter (
            where n.is_sent and not n.is_signed and not n.is_recalled and n.thread_count > 0
          )::int as active,
          count(*) filter (where n.is_recalled and not n.is_signed)::int as recalled,
          ${MEDIAN} filter (where ${SIGNED_IN_ORDER}) as median
        from ndas n join sb on sb.id = n.project_branch_id`
    : sql<NdaCounts>`
        with sp as not materialized (${projects})
        select
          coalesce(sum(r.total), 0)::int as total,
          coalesce(sum(r.signed), 0)::int as signed,
          coalesce(sum(r.unsigned), 0)::int as unsigned,
          coalesce(sum(r.active), 0)::int as active,
          coalesce(sum(r.recalled), 0)::int as recalled,
          (select ${MEDIAN} from ndas n
            where n.project_id in (select id from sp) and n.project_branch_id is not null and ${SIGNED_IN_ORDER}
          ) as median
        from report_project_ndas r where r.project_id in (select id from sp)`;

  // Written by database triggers: report_nda_moves by events_report_moves, report_project_months by
  // report_nda_moves_months and project_branches_report_months (migration 2026_11_23_0050).
  const groupsAndMoves = byGroups
    ? sql`
        select 'groups', ${ym(sql`m`)}, count(*)::int
          from (select ${createdMonth('sb')} as m from sb where sb.created_at >= ${start}) x group by m
        union all
        select status, ${ym(sql`m.month`)}, count(*)::int
          from report_nda_moves m join sb on sb.id = m.project_branch_id
          where m.month >= ${start} group by status, m.month`
    : sql`
        select kind, ${ym(sql`m.month`)}, sum(m.number)::int
          from report_project_months m
          where m.project_id in (select id from sp) and m.month >= ${start}
          group by kind, m.month`;
  // The scopes are written into each part that reads them (not materialized), so the planner sees
  // which projects they hold rather than guessing.
  const monthly = sql<MonthlyRow>`
    with sp as not materialized (${projects}), sb as not materialized (${branches})
    select 'projects' as kind, 0 as year, 0 as month, count(*)::int as number from sp
    union all
    select 'projects', ${ym(sql`m`)}, count(*)::int
      from (select ${createdMonth('sp')} as m from sp where sp.created_at >= ${start}) x group by m
    union all
    ${groupsAndMoves}`;

  // Two read-only statements at once, each in a transaction of its own so the planner's JIT can be
  // turned off for it alone: compiling these plans costs more than running them.
  const readOnly = <R>(query: RawBuilder<R>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local jit = off`.execute(trx);
      return (await query.execute(trx)).rows;
    });
  const [countRows, monthlyRows] = await Promise.all([readOnly(counts), readOnly(monthly)]);

  const of = (kind: MonthlyKind): MonthCount[] =>
    fillMonths(
      months,
      monthlyRows.filter((r) => r.kind === kind && r.year > 0),
    );
  const nda = countRows[0];
  const median = nda?.median === null || nda?.median === undefined ? null : Number(nda.median);
  return {
    numberOfUnsignedNda: nda?.unsigned ?? 0,
    numberOfSignedNda: nda?.signed ?? 0,
    numberOfActiveNda: nda?.active ?? 0,
    numberOfRecalledNda: nda?.recalled ?? 0,
    numberOfProjectsCreatedByMonth: of('projects'),
    numberOfProjectBranchesCreatedByMonth: of('groups'),
    numberOfNdaSignedByMonth: of('nda_signed'),
    numberOfNdaRecalledByMonth: of('nda_recalled'),
    numberOfNdaSentByMonth: of('nda_sent'),
    numberOfProjects: monthlyRows.find((r) => r.kind === 'projects' && r.year === 0)?.number ?? 0,
    numberOfNda: nda?.total ?? 0,
    medianTimeToSign: median === null || !Number.isFinite(median) ? null : durationParts(median),
  };
}
