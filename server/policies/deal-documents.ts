import { type Kysely, sql } from 'kysely';
import type { Database, DealDocumentRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from './actor.js';
import { authorizeProject } from './project.js';

/** A document that has reached a group, and when. */
export interface BranchRelease {
  documentId: number;
  projectId: number;
  kind: 'teaser' | 'cim' | null;
  projectBranchId: number;
  releasedAt: Date;
}

/**
 * When each deal document reached each group whose NDA has been sent; a pair with no row has not been
 * released. The earliest of: its rule (invitation: the NDA's sending; signed: the bidder's signature,
 * while not recalled, or the NDA's execution; executed: the execution), a hand release, and for the
 * teaser the group's send_teaser switch (on invitation). Narrowed to a user's own groups, to some
 * groups, or to one document.
 */
export async function documentReleases(
  db: Kysely<Database>,
  f: { projectId: number | number[]; userId?: number; branchIds?: number[]; documentId?: number },
): Promise<BranchRelease[]> {
  if (f.branchIds && f.branchIds.length === 0) return [];
  const projectIds = ([] as number[]).concat(f.projectId);
  if (projectIds.length === 0) return [];
  const sent = sql`coalesce(n.sent_at, b.created_at)`;
  const { rows } = await sql<BranchRelease>`
    select "documentId", "projectId", kind, "projectBranchId", "releasedAt" from (
      select d.id as "documentId", d.project_id as "projectId", d.kind, b.id as "projectBranchId", least(
        case d.release
          when 'invitation' then ${sent}
          when 'signed' then case
            when n.is_signed then coalesce(n.recipient_signed_at, n.signed_at, ${sent})
            when n.recipient_signed_at is not null and not n.is_recalled then n.recipient_signed_at end
          when 'executed' then case when n.is_signed then coalesce(n.signed_at, ${sent}) end
        end,
        case when d.kind = 'teaser' and b.send_teaser then ${sent} end,
        r.released_at
      ) as "releasedAt"
      from deal_documents d
      join project_branches b on b.project_id = d.project_id
      join ndas n on n.project_branch_id = b.id and n.is_sent
      left join deal_document_releases r on r.document_id = d.id and r.project_branch_id = b.id
      where d.project_id in (${sql.join(projectIds)})
        ${f.documentId === undefined ? sql`` : sql`and d.id = ${f.documentId}`}
        ${f.branchIds === undefined ? sql`` : sql`and b.id in (${sql.join(f.branchIds)})`}
        ${
          f.userId === undefined
            ? sql``
            : sql`and exists (select 1 from signerships s where s.project_branch_id = b.id and s.user_id = ${f.userId})`
        }
    ) x
    where "releasedAt" is not null
    order by "documentId", "projectBranchId"`.execute(db);
  return rows.map((r) => ({ ...r, releasedAt: new Date(r.releasedAt) }));
}

/** The first time each document reached one of these releases' groups. */
export function firstReleases(releases: BranchRelease[]): Map<number, Date> {
  const out = new Map<number, Date>();
  for (const r of releases) {
    const prior = out.get(r.documentId);
    if (!prior || r.releasedAt < prior) out.set(r.documentId, r.releasedAt);
  }
  return out;
}

/**
 * A deal document of a project: the sending team sees every one; a bidder only one released to one of
 * their groups (else 404, as for a document that does not exist). `releasedAt`: when it reached the bidder.
 */
export async function authorizeDealDocument(
  db: Kysely<Database>,
  actor: Actor,
  projectId: number,
  documentId: number,
  action: 'view' | 'change' = 'view',
) {
  const { project, access } = await authorizeProject(db, actor, projectId, action);
  const document = await db
    .selectFrom('dealDocuments')
    .selectAll()
    .where('id', '=', documentId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!document) throw AppError.notFound();
  if (access !== 'signer') return { project, access, document, releasedAt: null };
  const released = firstReleases(await documentReleases(db, { projectId, userId: actor.user.id, documentId }));
  const releasedAt = released.get(documentId);
  if (!releasedAt) throw AppError.notFound();
  return { project, access, document, releasedAt };
}

/** The project's teaser or CIM document, as authorizeDealDocument decides (404 when there is none). */
export async function authorizeKindDocument(
  db: Kysely<Database>,
  actor: Actor,
  projectId: number,
  kind: 'teaser' | 'cim',
): Promise<{ document: DealDocumentRow; releasedAt: Date | null }> {
  const row = await db
    .selectFrom('dealDocuments')
    .select('id')
    .where('projectId', '=', projectId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) {
    await authorizeProject(db, actor, projectId, 'view');
    throw AppError.notFound();
  }
  return authorizeDealDocument(db, actor, projectId, row.id);
}
