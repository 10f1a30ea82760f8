import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import { documentClauses } from '@server/queries/ndas/document-clauses.js';
import { insertCompany, insertUsers, ndaFile, sessionsFor, type Viewer } from './seed.js';

export interface Bidders {
  owner: Viewer;
  project: number;
  /** One signer per group, with the group's NDA. */
  signers: Array<Viewer & { nda: number }>;
  /** The threads on each clause (one per group), by clause, in the NDA's clause order. */
  threadsByClause: number[][];
}

/**
 * One project negotiated with many bidders: `groups` groups, each with a sent copy of the mutual NDA
 * (one file, so one set of clause keys) and one signer, who opened a thread on each of the NDA's first
 * `threadsPerGroup` clauses (quoting its first words, a pointer at its start) with a proposal of one of
 * three wordings. The NDA's clauses are split and kept as the app keeps them.
 */
export async function seedBidders(
  core: Core,
  { groups, threadsPerGroup }: { groups: number; threadsPerGroup: number },
): Promise<Bidders> {
  const file = await ndaFile(core);
  const clauses = (await documentClauses(core, { fileSha256: file.sha, fileKey: file.key }))
    .filter((c) => c.boxes.length > 0 && c.text.split(/\s+/).length >= 6)
    .slice(0, threadsPerGroup);
  if (clauses.length < threadsPerGroup)
    throw new Error(`the mutual NDA has ${clauses.length} clauses to quote, not ${threadsPerGroup}`);
  const companyId = await insertCompany(core, 'Bench Sell-Side Advisers');
  const [ownerId] = await insertUsers(core, 1, { companyId, role: 'owner', first: 'Adviser' });
  await sql`update companies set owner_id = ${ownerId} where id = ${companyId}`.execute(core.db);
  const buyers = await insertCompany(core, 'Bench Bidders');
  const signerIds = await insertUsers(core, groups, { companyId: buyers, role: 'signer', first: 'Bidder' });
  const project = (
    await sql<{ id: number }>`
      insert into projects (company_id, owner_id, name) values (${companyId}, ${ownerId}, 'Project Osprey')
      returning id`.execute(core.db)
  ).rows[0]!.id;
  const ndas = await sql<{ nda: number; signer: number }>`
    with s as (
      select u, row_number() over (order by u) as k from unnest(${signerIds}::int[]) u
    ), b as (
      insert into project_branches (project_id, name, allow_comments, inherit_nda_from_project)
      select ${project}, 'Bidder ' || k, true, false from s order by k returning id
    ), bk as (
      select id, row_number() over (order by id) as k from b
    ), n as (
      insert into ndas (project_id, project_branch_id, name, file_key, file_sha256, page_count, is_sent, sent_at)
      select ${project}, id, 'Mutual NDA', ${file.key}, ${file.sha}, 4, true, now() from bk order by k
      returning id, project_branch_id
    ), sh as (
      insert into signerships (project_branch_id, user_id) select bk.id, s.u from bk join s using (k)
    )
    select n.id as nda, s.u as signer from n join bk on bk.id = n.project_branch_id join s using (k)
    order by n.id`.execute(core.db);
  const quotes = clauses.map((c) => c.text.split(/\s+/).slice(0, 6).join(' '));
  const threads = await sql<{ id: number; clause: number }>`
    with c as (
      select ord as clause, quote, page, x, y
      from unnest(${quotes}::text[], ${clauses.map((c) => c.boxes[0]!.page)}::int[],
                  ${clauses.map((c) => c.boxes[0]!.x)}::float8[], ${clauses.map((c) => c.boxes[0]!.y)}::float8[])
        with ordinality as t(quote, page, x, y, ord)
    ), t as (
      insert into comment_threads (nda_id, author_id, text, quote)
      select n.nda, n.signer, 'We propose different wording for this clause.', c.quote
      from unnest(${ndas.rows.map((r) => r.nda)}::int[], ${ndas.rows.map((r) => r.signer)}::int[]) as n(nda, signer),
           c
      order by n.nda, c.clause
      returning id, nda_id, author_id, quote
    ), p as (
      insert into pointers (comment_thread_id, page, x, y)
      select t.id, c.page, least(c.x + 0.01, 0.99), least(c.y + 0.005, 0.99) from t join c using (quote)
    ), pr as (
      insert into thread_proposals (comment_thread_id, author_id, text)
      select t.id, t.author_id, 'Wording ' || (1 + (t.nda_id + c.clause) % 3) || ' of clause ' || c.clause
      from t join c using (quote)
    )
    select t.id, c.clause::int as clause from t join c using (quote) order by t.id`.execute(core.db);
  await sql`analyze`.execute(core.db);
  const threadsByClause = clauses.map((_, i) => threads.rows.filter((r) => r.clause === i + 1).map((r) => r.id));
  const ndaOf = new Map(ndas.rows.map((r) => [r.signer, r.nda]));
  const [owner] = await sessionsFor(core, [ownerId!]);
  const viewers = await sessionsFor(core, [...ndaOf.keys()]);
  return {
    owner: owner!,
    project,
    signers: viewers.map((v) => ({ ...v, nda: ndaOf.get(v.userId)! })),
    threadsByClause,
  };
}
