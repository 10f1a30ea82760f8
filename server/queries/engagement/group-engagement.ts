import { type Kysely, sql } from 'kysely';
import { engagementScore } from '@shared/engagement.js';
import type { Database } from '@server/db/schema.js';

/** A group's reading, from its bidders' recorded views (the sending team's are not recorded). */
export interface GroupEngagement {
  lastSeen: Date | null;
  /** Distinct documents opened: deal documents and the group's NDA. */
  documentsOpened: number;
  /** Distinct pages of those documents with at least a second of visible time. */
  pagesRead: number;
  totalSeconds: number;
  /** engagementScore of the three figures above (shared/engagement.ts, ENGAGEMENT_FORMULA). */
  score: number;
}

interface Row {
  projectBranchId: number;
  lastSeen: Date | string | null;
  documentsOpened: number;
  pagesRead: number;
  totalSeconds: number;
}

/** Each of these groups' engagement, in one statement; a group nobody read anything in has zeros. */
export async function groupEngagement(
  db: Kysely<Database>,
  branchIds: number[],
): Promise<Map<number, GroupEngagement>> {
  if (branchIds.length === 0) return new Map();
  const { rows } = await sql<Row>`
    with v as (
      select id, project_branch_id, last_seen_at, coalesce('d' || deal_document_id, 'n' || nda_id) as doc
      from document_views where project_branch_id in (${sql.join(branchIds)})
    ),
    p as (
      select v.project_branch_id, v.doc, pg.page, sum(pg.seconds) as seconds
      from v join document_view_pages pg on pg.view_id = v.id
      group by v.project_branch_id, v.doc, pg.page
    )
    select b.id as "projectBranchId",
      (select max(last_seen_at) from v where v.project_branch_id = b.id) as "lastSeen",
      (select count(distinct doc) from v where v.project_branch_id = b.id)::int as "documentsOpened",
      (select count(*) from p where p.project_branch_id = b.id and p.seconds > 0)::int as "pagesRead",
      coalesce((select sum(seconds) from p where p.project_branch_id = b.id), 0)::int as "totalSeconds"
    from project_branches b where b.id in (${sql.join(branchIds)})`.execute(db);
  return new Map(
    rows.map((r) => [
      r.projectBranchId,
      {
        lastSeen: r.lastSeen === null ? null : new Date(r.lastSeen),
        documentsOpened: r.documentsOpened,
        pagesRead: r.pagesRead,
        totalSeconds: r.totalSeconds,
        score: engagementScore(r),
      },
    ]),
  );
}
