import { type Kysely, sql } from 'kysely';
import type { Database, ProjectRow, UserRow } from '@server/db/schema.js';
import { documentReleases } from '@server/policies/deal-documents.js';
import { groupPassedColumn, groupSignerColumn } from '@server/policies/negotiation.js';
import type { ProjectAccess } from '@server/policies/project.js';
import type { ProjectFacts } from '@server/presenters/project.js';

/** Event types that mean someone wrote in a comment thread (the project's comment icon). */
const COMMENT_EVENTS = ['new_comments_thread', 'new_comment'];

/**
 * What a viewer may see of each project beyond its row, in four queries for a whole page:
 * members, groups (with their NDA and recipients' state), company names and unread events.
 * A signer sees only the groups they received, their events, no team, and the teaser and CIM only once
 * released to one of their groups (documentReleases). The viewer's own events count as read.
 */
export async function loadProjectFacts(
  db: Kysely<Database>,
  { viewer, items }: { viewer: Pick<UserRow, 'id'>; items: Array<{ row: ProjectRow; access: ProjectAccess }> },
): Promise<Map<number, ProjectFacts>> {
  const out = new Map<number, ProjectFacts>();
  if (items.length === 0) return out;
  const ids = items.map((i) => i.row.id);
  const signerProjects = items.filter((i) => i.access === 'signer').map((i) => i.row.id);
  const [members, branches, companies, events, released] = await Promise.all([
    db
      .selectFrom('projectMembers')
      .select(['projectId', 'userId', 'canApprove'])
      .where('projectId', 'in', ids)
      .orderBy('createdAt')
      .orderBy('userId')
      .execute(),
    db
      .selectFrom('projectBranches')
      .leftJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
      .select(['projectBranches.id', 'projectBranches.projectId', 'ndas.isSent', 'ndas.isSigned'])
      .select((eb) => [
        groupSignerColumn(eb.ref('projectBranches.id'), viewer.id).as('mine'),
        groupPassedColumn(eb.ref('projectBranches.id')).as('refused'),
      ])
      .where('projectBranches.projectId', 'in', ids)
      .orderBy('projectBranches.id')
      .execute(),
    db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(items.map((i) => i.row.companyId))])
      .execute(),
    db
      .selectFrom('events')
      .select(['events.projectId', 'events.projectBranchId'])
      .select([
        sql<number>`count(*) filter (where events.author_id is distinct from ${viewer.id} and not exists (select 1 from event_reads r where r.event_id = events.id and r.user_id = ${viewer.id}))`.as(
          'unread',
        ),
        sql<boolean>`bool_or(events.status in (${sql.join(COMMENT_EVENTS)}))`.as('comment'),
      ])
      .where('events.projectId', 'in', ids)
      .groupBy(['events.projectId', 'events.projectBranchId'])
      .execute(),
    documentReleases(db, { projectId: signerProjects, userId: viewer.id }),
  ]);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));

  for (const { row, access } of items) {
    const isSigner = access === 'signer';
    const visible = branches.filter((b) => b.projectId === row.id && (!isSigner || (b.mine && b.isSent === true)));
    const visibleIds = new Set(visible.map((b) => b.id));
    const eventGroups = events.filter(
      (e) => e.projectId === row.id && (!isSigner || (e.projectBranchId !== null && visibleIds.has(e.projectBranchId))),
    );
    out.set(row.id, {
      access,
      members: isSigner ? [] : members.filter((m) => m.projectId === row.id).map((m) => m.userId),
      approvers: isSigner ? null : members.filter((m) => m.projectId === row.id && m.canApprove).map((m) => m.userId),
      branchIds: visible.map((b) => b.id),
      companyName: companyName.get(row.companyId) ?? '',
      status: {
        comment: eventGroups.some((e) => e.comment === true),
        received: isSigner,
        refused: visible.some((b) => b.refused),
        ndaSent: visible.some((b) => b.isSent === true),
        ndaSigned: visible.some((b) => b.isSigned === true),
      },
      unreadEventsCount: eventGroups.reduce((n, e) => n + Number(e.unread), 0),
      showTeaser: !isSigner || released.some((r) => r.projectId === row.id && r.kind === 'teaser'),
      showCim: !isSigner || released.some((r) => r.projectId === row.id && r.kind === 'cim'),
    });
  }
  return out;
}
