import { sql } from 'kysely';
import { durationParts, fillMonths, type MonthCount, reportMonths, reportStart } from '@shared/reports.js';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { requireTeam } from '@server/policies/group.js';
import type { ReportMetricsDto } from '@server/presenters/report.js';
import { reportBranches, reportProjects } from './report-scope.js';

/** The NDA moves a monthly list counts, by the event that records them. */
const MONTHLY_EVENTS = ['nda_sent', 'nda_signed', 'nda_recalled'] as const;
type MonthlyKind = 'projects' | 'branches' | (typeof MONTHLY_EVENTS)[number];

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

/**
 * The reports of the projects the caller runs (owner: the company's; team member: theirs), or of
 * the projects and groups chosen. Two set-based statements whatever the data's size: the NDAs'
 * states with the median time to sign, and the monthly counts (projects and groups by creation,
 * NDAs by their sent, signed and recalled events, each NDA once a month). Recipients have no reports.
 */
export async function getReportMetrics(
  core: Core,
  { actor, filter }: { actor: Actor; filter: ReportFilter },
): Promise<ReportMetricsDto> {
  requireTeam(actor);
  const db = core.db;
  const now = new Date();
  const months = reportMonths(now);
  const start = reportStart(now);
  const projects = reportProjects(db, actor.user, filter);
  const branches = reportBranches(db, actor.user, filter);
  const month = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone 'UTC')`);

  // Read-only, in one transaction so the planner's JIT can be turned off for it alone: compiling these
  // plans costs more than running them.
  const { counts, monthly } = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    const counts = await sql<NdaCounts>`
      with sb as (${branches}),
      sn as (
        select n.id, n.is_sent, n.is_signed, n.is_recalled, n.sent_at, n.signed_at
        from ndas n join sb on sb.id = n.project_branch_id
      ),
      threaded as (select distinct ct.nda_id from comment_threads ct where ct.nda_id in (select id from sn))
      select
        count(*)::int as total,
        count(*) filter (where n.is_signed)::int as signed,
        count(*) filter (where n.is_sent and not n.is_signed and not n.is_recalled)::int as unsigned,
        count(*) filter (
          where n.is_sent and not n.is_signed and not n.is_recalled and t.nda_id is not null
        )::int as active,
        count(*) filter (where n.is_recalled and not n.is_signed)::int as recalled,
        percentile_cont(0.5) within group (order by extract(epoch from (n.signed_at - n.sent_at))::float8)
          filter (where n.is_signed and n.sent_at is not null and n.signed_at >= n.sent_at) as median
      from sn n
      left join threaded t on t.nda_id = n.id`.execute(trx);

    // Each NDA once a month: distinct (move, NDA, month) first, by hashing rather than count(distinct)'s sort.
    const monthly = await sql<MonthlyRow>`
      with sp as (${projects}), sb as (${branches})
      select 'projects' as kind, 0 as year, 0 as month, count(*)::int as number from sp
      union all
      select 'projects', extract(year from m)::int, extract(month from m)::int, count(*)::int
        from (select ${month('sp.created_at')} as m from sp where sp.created_at >= ${start}) x group by m
      union all
      select 'branches', extract(year from m)::int, extract(month from m)::int, count(*)::int
        from (select ${month('sb.created_at')} as m from sb where sb.created_at >= ${start}) x group by m
      union all
      select status, extract(year from m)::int, extract(month from m)::int, count(*)::int
        from (
          select e.status, e.nda_id, ${month('e.created_at')} as m
          from events e
          join sb on sb.id = e.project_branch_id
          where e.status in (${sql.join([...MONTHLY_EVENTS])}) and e.created_at >= ${start}
          group by 1, 2, 3
        ) x
        group by status, m`.execute(trx);
    return { counts, monthly };
  });

  const of = (kind: MonthlyKind): MonthCount[] =>
    fillMonths(
      months,
      monthly.rows.filter((r) => r.kind === kind && r.year > 0),
    );
  const nda = counts.rows[0];
  const median = nda?.median === null || nda?.median === undefined ? null : Number(nda.median);
  return {
    numberOfUnsignedNda: nda?.unsigned ?? 0,
    numberOfSignedNda: nda?.signed ?? 0,
    numberOfActiveNda: nda?.active ?? 0,
    numberOfRecalledNda: nda?.recalled ?? 0,
    numberOfProjectsCreatedByMonth: of('projects'),
    numberOfProjectBranchesCreatedByMonth: of('branches'),
    numberOfNdaSignedByMonth: of('nda_signed'),
    numberOfNdaRecalledByMonth: of('nda_recalled'),
    numberOfNdaSentByMonth: of('nda_sent'),
    numberOfProjects: monthly.rows.find((r) => r.kind === 'projects' && r.year === 0)?.number ?? 0,
    numberOfNda: nda?.total ?? 0,
    medianTimeToSign: median === null || !Number.isFinite(median) ? null : durationParts(median),
  };
}
