import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import { ROOT } from './server.js';

/**
 * Set-based seeding of the rows the app expects (the same tables and columns the commands write):
 * thousands of people, projects and threads in a few statements instead of thousands of API calls.
 * People are activated accounts without a password; each gets a live session (a refresh-token family)
 * and an access token for it, minted with the app's own token service.
 */

export interface Viewer {
  userId: number;
  token: string;
}

let seq = 0;
const tag = () => `${process.pid}x${++seq}`;

/** Where every seeded NDA's file lives: the 4-page fixture, stored once in the blob store. */
export async function ndaFile(core: Core): Promise<{ key: string; sha: string }> {
  const pdf = fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'ndas', 'mutual-nda.pdf'));
  const key = 'ndas/bench-mutual-nda.pdf';
  await core.blobs.put(key, pdf, 'application/pdf');
  return { key, sha: crypto.createHash('sha256').update(pdf).digest('hex') };
}

export async function insertCompany(core: Core, name: string): Promise<number> {
  const r = await sql<{ id: number }>`insert into companies (name) values (${name}) returning id`.execute(core.db);
  return r.rows[0]!.id;
}

/** n activated users of a company with the role, named "<first> <n>". */
export async function insertUsers(
  core: Core,
  n: number,
  { companyId, role, first }: { companyId: number; role: 'owner' | 'member' | 'signer'; first: string },
): Promise<number[]> {
  const t = tag();
  const r = await sql<{ id: number }>`
    insert into users (email, first_name, last_name, company_id, role, referral_key, is_active, activated_at)
    select 'bench-' || ${t} || '-' || g || '@example.com', ${first}, 'No. ' || g, ${companyId}, ${role},
           md5(${t} || g::text), true, now()
    from generate_series(1, ${n}::int) g
    order by g
    returning id`.execute(core.db);
  return r.rows.map((x) => x.id);
}

/** A live session and an access token for each user, as a login would leave them. */
export async function sessionsFor(core: Core, userIds: number[]): Promise<Viewer[]> {
  if (userIds.length === 0) return [];
  const families = await sql<{ userId: number; familyId: string }>`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    select u, 'bench-' || u || '-' || md5(random()::text), md5(random()::text) || u, now() + interval '1 day'
    from unnest(${userIds}::int[]) u
    returning user_id, family_id`.execute(core.db);
  return Promise.all(
    families.rows.map(async (f) => ({ userId: f.userId, token: await core.tokens.signAccess(f.userId, f.familyId) })),
  );
}

export interface Room {
  nda: number;
  project: number;
  owner: Viewer;
  signers: Viewer[];
  /** The thread the owner replies to. */
  commentThread: number;
  /** Threads opened by the owner, each approved once by a signer. */
  approvalThreads: number[];
}

/**
 * NDA rooms of the given sizes: each a project of its own company (its owner is one viewer), one
 * group with a sent NDA and size-1 signers, a thread to reply to and `approvals` threads to approve.
 */
export async function seedRooms(core: Core, sizes: number[], approvals: number): Promise<Room[]> {
  const file = await ndaFile(core);
  const out: Room[] = [];
  for (const [i, size] of sizes.entries()) {
    const companyId = await insertCompany(core, `Bench Advisers ${i + 1}`);
    const [ownerId] = await insertUsers(core, 1, { companyId, role: 'owner', first: 'Owner' });
    await sql`update companies set owner_id = ${ownerId} where id = ${companyId}`.execute(core.db);
    const buyerCompany = await insertCompany(core, `Bench Buyer ${i + 1}`);
    const signerIds = await insertUsers(core, size - 1, { companyId: buyerCompany, role: 'signer', first: 'Signer' });
    const { nda, project } = (
      await sql<{ nda: number; project: number }>`
        with p as (
          insert into projects (company_id, owner_id, name) values (${companyId}, ${ownerId}, ${`Project ${i + 1}`})
          returning id
        ), b as (
          insert into project_branches (project_id, name, allow_comments, inherit_nda_from_project)
          select id, 'Bidders', true, false from p returning id, project_id
        ), n as (
          insert into ndas (project_id, project_branch_id, name, file_key, file_sha256, page_count, is_sent, sent_at)
          select project_id, id, 'Mutual NDA', ${file.key}, ${file.sha}, 4, true, now() from b returning id, project_id
        ), s as (
          insert into signerships (project_branch_id, user_id) select b.id, u from b, unnest(${signerIds}::int[]) u
        )
        select n.id as nda, n.project_id as project from n`.execute(core.db)
    ).rows[0]!;
    const threads = await insertThreads(core, nda, ownerId!, approvals + 1);
    const [owner, ...signers] = await sessionsFor(core, [ownerId!, ...signerIds]);
    out.push({ nda, project, owner: owner!, signers, commentThread: threads[0]!, approvalThreads: threads.slice(1) });
  }
  return out;
}

/** n threads of an NDA by the author, each with a pointer on page 1 to 4. */
export async function insertThreads(core: Core, ndaId: number, authorId: number, n: number): Promise<number[]> {
  const r = await sql<{ id: number }>`
    with t as (
      insert into comment_threads (nda_id, author_id, text)
      select ${ndaId}, ${authorId}, 'Clause ' || g || ': the confidentiality period should be two years.'
      from generate_series(1, ${n}::int) g
      order by g
      returning id
    ), p as (
      insert into pointers (comment_thread_id, page, x, y)
      select id, 1 + id % 4, 0.1 + (id % 7) / 10.0, 0.1 + (id % 8) / 10.0 from t
    )
    select id from t order by id`.execute(core.db);
  return r.rows.map((x) => x.id);
}

export interface ReadsDeal {
  owner: Viewer;
  /** The project with groups, for the dashboard. */
  project: number;
  /** The NDA with threads and replies, for the thread list. */
  nda: number;
}

/**
 * An owner whose company runs `projects` projects, each with a group, a sent NDA and two signers; the
 * newest has `groups` groups, and its first NDA `threads` threads of three replies each.
 */
export async function seedReads(
  core: Core,
  { projects, groups, threads }: { projects: number; groups: number; threads: number },
): Promise<ReadsDeal> {
  const file = await ndaFile(core);
  const companyId = await insertCompany(core, 'Bench Reads Advisers');
  const [ownerId] = await insertUsers(core, 1, { companyId, role: 'owner', first: 'Reader' });
  await sql`update companies set owner_id = ${ownerId} where id = ${companyId}`.execute(core.db);
  const buyer = await insertCompany(core, 'Bench Reads Buyer');
  const signerIds = await insertUsers(core, 20, { companyId: buyer, role: 'signer', first: 'Buyer' });
  await sql`
    with p as (
      insert into projects (company_id, owner_id, name, created_at)
      select ${companyId}, ${ownerId}, 'Project ' || g, now() - (g || ' minutes')::interval
      from generate_series(1, ${projects}::int) g
      returning id
    ), b as (
      insert into project_branches (project_id, name, inherit_nda_from_project)
      select id, 'Bidders', false from p returning id, project_id
    ), n as (
      insert into ndas (project_id, project_branch_id, name, file_key, file_sha256, page_count, is_sent, sent_at)
      select project_id, id, 'Mutual NDA', ${file.key}, ${file.sha}, 4, true, now() from b returning id
    )
    insert into signerships (project_branch_id, user_id)
    select b.id, (${signerIds}::int[])[1 + (b.id + k) % ${signerIds.length}::int] from b, generate_series(0, 1) k`.execute(
    core.db,
  );
  const project = (
    await sql<{
      id: number;
    }>`select id from projects where company_id = ${companyId} order by created_at desc, id desc limit 1`.execute(
      core.db,
    )
  ).rows[0]!.id;
  await sql`
    with b as (
      insert into project_branches (project_id, name, inherit_nda_from_project)
      select ${project}, 'Bidder group ' || g, false from generate_series(2, ${groups}::int) g returning id
    ), n as (
      insert into ndas (project_id, project_branch_id, name, file_key, file_sha256, page_count, is_sent, sent_at)
      select ${project}, id, 'Mutual NDA', ${file.key}, ${file.sha}, 4, true, now() from b returning id
    )
    insert into signerships (project_branch_id, user_id)
    select b.id, (${signerIds}::int[])[1 + (b.id + k) % ${signerIds.length}::int] from b, generate_series(0, 1) k`.execute(
    core.db,
  );
  const nda = (
    await sql<{ id: number }>`select id from ndas where project_id = ${project} order by id limit 1`.execute(core.db)
  ).rows[0]!.id;
  const threadIds = await insertThreads(core, nda, ownerId!, threads);
  await sql`
    insert into comments (comment_thread_id, author_id, text)
    select t, case when k = 2 then ${signerIds[0]}::int else ${ownerId}::int end, 'Reply ' || k || ' on the term.'
    from unnest(${threadIds}::int[]) t, generate_series(1, 3) k`.execute(core.db);
  const [owner] = await sessionsFor(core, [ownerId!]);
  return { owner: owner!, project, nda };
}

/** Idle people to connect: `n` signers of one company, each with a session. */
export async function seedPeople(core: Core, n: number): Promise<Viewer[]> {
  const companyId = await insertCompany(core, 'Bench Idle Buyers');
  const ids = await insertUsers(core, n, { companyId, role: 'signer', first: 'Idle' });
  return sessionsFor(core, ids);
}

export interface ReportsHistory {
  owner: Viewer;
  /** A few of the company's projects and groups, for the filtered request. */
  someProjects: number[];
  someBranches: number[];
}

/**
 * A company's history for the reports: `projects` projects with `groupsPerProject` groups, each with a
 * sent NDA (a third signed, some recalled, a fifth with a thread), and `eventsPerNda` events per NDA
 * over the last year, all in set-based statements.
 */
export async function seedReportsHistory(
  core: Core,
  { projects, groupsPerProject, eventsPerNda }: { projects: number; groupsPerProject: number; eventsPerNda: number },
): Promise<ReportsHistory> {
  const file = await ndaFile(core);
  const companyId = await insertCompany(core, 'Bench Reports Advisers');
  const [ownerId] = await insertUsers(core, 1, { companyId, role: 'owner', first: 'Reporter' });
  await sql`update companies set owner_id = ${ownerId} where id = ${companyId}`.execute(core.db);
  await sql`
    insert into projects (company_id, owner_id, name, created_at)
    select ${companyId}, ${ownerId}, 'Project ' || g, now() - (g % 365) * interval '1 day'
    from generate_series(1, ${projects}::int) g`.execute(core.db);
  await sql`
    insert into project_branches (project_id, name, inherit_nda_from_project, created_at)
    select p.id, 'Group ' || k, false, p.created_at
    from projects p, generate_series(1, ${groupsPerProject}::int) k where p.company_id = ${companyId}`.execute(core.db);
  await sql`
    insert into ndas (project_id, project_branch_id, name, file_key, file_sha256, page_count,
                      is_sent, sent_at, is_signed, signed_at, is_recalled, created_at)
    select b.project_id, b.id, 'Mutual NDA', ${file.key}, ${file.sha}, 4, true, b.created_at,
           b.id % 3 = 0, case when b.id % 3 = 0 then b.created_at + (b.id % 20) * interval '1 day' end,
           b.id % 3 <> 0 and b.id % 7 = 0, b.created_at
    from project_branches b join projects p on p.id = b.project_id where p.company_id = ${companyId}`.execute(core.db);
  await sql`
    insert into comment_threads (nda_id, author_id, text)
    select n.id, ${ownerId}, 'The term should be shorter.'
    from ndas n join projects p on p.id = n.project_id where p.company_id = ${companyId} and n.id % 5 = 0`.execute(
    core.db,
  );
  await sql`
    insert into events (project_id, project_branch_id, author_id, status, nda_id, created_at)
    select n.project_id, n.project_branch_id, ${ownerId},
           (array['nda_sent', 'nda_opened', 'comment', 'approved', 'nda_signed', 'nda_recalled', 'thread_created'])[1 + (n.id + k) % 7],
           n.id, now() - ((n.id * 7 + k * 31) % 365) * interval '1 day'
    from ndas n join projects p on p.id = n.project_id, generate_series(1, ${eventsPerNda}::int) k
    where p.company_id = ${companyId}`.execute(core.db);
  await sql`analyze`.execute(core.db);
  const some = await sql<{ project: number; branch: number }>`
    select p.id as project, min(b.id) as branch from projects p join project_branches b on b.project_id = p.id
    where p.company_id = ${companyId} group by p.id order by p.id limit 10`.execute(core.db);
  const [owner] = await sessionsFor(core, [ownerId!]);
  return {
    owner: owner!,
    someProjects: some.rows.slice(0, 5).map((r) => r.project),
    someBranches: some.rows.slice(5).map((r) => r.branch),
  };
}
