import { type Kysely, sql } from 'kysely';
import { groupNdaStatus } from '@shared/nda-lifecycle.js';
import { durationParts } from '@shared/reports.js';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Database, UserRow } from '@server/db/schema.js';
import type { ReportGroupDto } from '@server/presenters/report.js';
import { reportBranches } from './report-scope.js';

type Viewer = Pick<UserRow, 'id' | 'role' | 'companyId'>;

interface GroupRow {
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  ndaId: number | null;
  ndaName: string | null;
  isSent: boolean | null;
  isSigned: boolean | null;
  isRecalled: boolean | null;
  sentAt: Date | string | null;
  signedAt: Date | string | null;
  rejected: boolean;
  threads: number;
  openThreads: number;
  agreedThreads: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The groups of a report's scope, newest project first and each project's groups oldest first, with
 * their current NDA (the latest), whether a recipient passed, and their threads by outcome, in one
 * statement. `limit` keeps a screen's answer short; the export reads them all.
 */
export async function reportGroups(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: ReportFilter,
  limit?: number,
): Promise<{ groups: ReportGroupDto[]; total: number }> {
  const branches = reportBranches(db, viewer, filter);
  const [rows, total] = await Promise.all([
    sql<GroupRow>`
      with sb as (${branches})
      select b.id, b.name, p.id as project_id, p.name as project_name,
        n.id as nda_id, n.name as nda_name, n.is_sent, n.is_signed, n.is_recalled, n.sent_at, n.signed_at,
        exists (
          select 1 from signerships s where s.project_branch_id = b.id and s.rejected_at is not null
        ) as rejected,
        coalesce(t.threads, 0)::int as threads,
        coalesce(t.open_threads, 0)::int as open_threads,
        coalesce(t.agreed_threads, 0)::int as agreed_threads
      from sb
      join project_branches b on b.id = sb.id
      join projects p on p.id = b.project_id
      left join lateral (
        select id, name, is_sent, is_signed, is_recalled, sent_at, signed_at
        from ndas where ndas.project_branch_id = b.id order by ndas.id desc limit 1
      ) n on true
      left join lateral (
        select count(*) as threads,
          count(*) filter (
            where ct.negotiation_status not in ('approved_by_both_parties', 'rejected_by_both_parties')
          ) as open_threads,
          count(*) filter (where ct.negotiation_status = 'approved_by_both_parties') as agreed_threads
        from comment_threads ct join ndas tn on tn.id = ct.nda_id
        where tn.project_branch_id = b.id
      ) t on true
      order by p.id desc, b.id
      ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db),
    limit === undefined
      ? null
      : sql<{ count: number }>`with sb as (${branches}) select count(*)::int as count from sb`.execute(db),
  ]);
  const groups = rows.rows.map((r): ReportGroupDto => {
    const nda = r.ndaId === null ? null : { isSent: !!r.isSent, isSigned: !!r.isSigned, isRecalled: !!r.isRecalled };
    const sentAt = iso(r.sentAt);
    const signedAt = nda?.isSigned ? iso(r.signedAt) : null;
    const seconds = sentAt && signedAt ? (Date.parse(signedAt) - Date.parse(sentAt)) / 1000 : null;
    return {
      id: r.id,
      name: r.name,
      project: r.projectId,
      projectName: r.projectName,
      nda: r.ndaId,
      ndaName: r.ndaName,
      status: groupNdaStatus(nda, r.rejected),
      sentAt,
      signedAt,
      timeToSign: seconds !== null && seconds >= 0 ? durationParts(seconds) : null,
      threads: r.threads,
      openThreads: r.openThreads,
      agreedThreads: r.agreedThreads,
    };
  });
  return { groups, total: total?.rows[0]?.count ?? groups.length };
}
