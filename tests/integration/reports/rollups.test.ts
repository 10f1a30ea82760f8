import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '@shared/events.js';
import { reportMonths } from '@shared/reports.js';
import type { ReportMetricsDto } from '@server/presenters/report.js';
import * as rollups from '../../../migrations/2026_11_23_0050_report_rollups.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { api, expectStatus } from '@tests/support/projects.js';
import { insertNdaRow } from '@tests/support/reports.js';

// The running totals the database keeps for the reports (migration 2026_11_23_0050): whole projects
// are counted from them, groups chosen from their own rows. Through every kind of change, the two ways
// agree, and the totals equal a count made afresh from the tables.

let t: TestApp;
let owner: TestUser;
const months = reportMonths(new Date());
const at = (index: number, day: number) => {
  const m = months[index]!;
  return new Date(Date.UTC(m.year, m.month - 1, day, 12));
};

let projectId: number;
const branchIds: number[] = [];
const ndaIds: number[] = [];

async function addGroup(created: Date): Promise<{ branchId: number; ndaId: number }> {
  const db = t.core.db;
  const branch = await db
    .insertInto('projectBranches')
    .values({ projectId, name: `Group ${branchIds.length + 1}`, inheritNdaFromProject: false, createdAt: created })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nda = await insertNdaRow(db, {
    projectId,
    projectBranchId: branch.id,
    createdAt: created,
  });
  branchIds.push(branch.id);
  ndaIds.push(nda.id);
  return { branchId: branch.id, ndaId: nda.id };
}

async function event(branchId: number, ndaId: number, status: EventType, created: Date) {
  await t.core.db
    .insertInto('events')
    .values({ projectId, projectBranchId: branchId, ndaId, authorId: owner.id, status, createdAt: created })
    .execute();
}

async function send(branchId: number, ndaId: number, when: Date) {
  await t.core.db.updateTable('ndas').set({ isSent: true, sentAt: when }).where('id', '=', ndaId).execute();
  await event(branchId, ndaId, 'nda_sent', when);
}

async function metrics(query: string): Promise<ReportMetricsDto> {
  const res = await api(t, 'GET', `/reports/metrics/${query}`, owner);
  expectStatus(res, 200);
  return res.body as ReportMetricsDto;
}

/** The project counted whole (its running totals) and as all its groups chosen (their own rows). */
async function bothWays(): Promise<{ whole: ReportMetricsDto; groups: ReportMetricsDto }> {
  const live = await t.core.db.selectFrom('projectBranches').select('id').where('projectId', '=', projectId).execute();
  const whole = await metrics(`?project__in=${projectId}`);
  const groups = await metrics(`?project_branch__in=${live.map((b) => b.id).join(',')}`);
  return { whole, groups };
}

/** The running totals of every project, and the same counted afresh from the tables. */
async function totalsAndRecount() {
  const db = t.core.db;
  const kept = {
    ndas: (
      await sql`select project_id, total, signed, unsigned, active, recalled from report_project_ndas
        where total <> 0 or signed <> 0 or unsigned <> 0 or active <> 0 or recalled <> 0 order by 1`.execute(db)
    ).rows,
    months: (
      await sql`select project_id, kind, month::text, number from report_project_months where number <> 0
        order by 1, 2, 3`.execute(db)
    ).rows,
  };
  const recount = {
    ndas: (
      await sql`select n.project_id, count(*)::int as total,
          count(*) filter (where n.is_signed)::int as signed,
          count(*) filter (where n.is_sent and not n.is_signed and not n.is_recalled)::int as unsigned,
          count(*) filter (where n.is_sent and not n.is_signed and not n.is_recalled
            and exists (select 1 from comment_threads c where c.nda_id = n.id))::int as active,
          count(*) filter (where n.is_recalled and not n.is_signed)::int as recalled
        from ndas n where n.project_branch_id is not null group by 1 order by 1`.execute(db)
    ).rows,
    months: (
      await sql`select project_id, kind, month::text, count(*)::int as number from (
          select distinct e.project_id, e.status as kind, date_trunc('month', e.created_at at time zone 'UTC')::date as month,
            e.nda_id
          from events e join project_branches b on b.id = e.project_branch_id
          where e.status in ('nda_sent', 'nda_signed', 'nda_recalled') and e.nda_id is not null
          union all
          select project_id, 'groups', date_trunc('month', created_at at time zone 'UTC')::date, id from project_branches
        ) x group by 1, 2, 3 order by 1, 2, 3`.execute(db)
    ).rows,
  };
  return { kept, recount };
}

async function expectConsistent() {
  const { whole, groups } = await bothWays();
  expect(whole).toEqual(groups);
  const { kept, recount } = await totalsAndRecount();
  expect(kept).toEqual(recount);
  return whole;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t, { company_name: 'Rollup Advisers LLP' });
  const project = await t.core.db
    .insertInto('projects')
    .values({ companyId: owner.user.company!, ownerId: owner.id, name: 'Project Kestrel', createdAt: at(0, 2) })
    .returning('id')
    .executeTakeFirstOrThrow();
  projectId = project.id;
});
afterAll(async () => {
  await t?.close();
});

describe("the reports' running totals", () => {
  it('follow NDAs as they are sent, negotiated, signed and recalled', async () => {
    const a = await addGroup(at(1, 3));
    const b = await addGroup(at(2, 4));
    const c = await addGroup(at(2, 5));
    await send(a.branchId, a.ndaId, at(2, 6));
    // Sent again the same month to another recipient, and the next month: once a month each.
    await event(a.branchId, a.ndaId, 'nda_sent', at(2, 7));
    await event(a.branchId, a.ndaId, 'nda_sent', at(3, 1));
    await send(b.branchId, b.ndaId, at(3, 2));
    let whole = await expectConsistent();
    expect(whole).toMatchObject({ numberOfNda: 3, numberOfUnsignedNda: 2, numberOfActiveNda: 0 });
    expect(whole.numberOfNdaSentByMonth.map((m) => m.number)).toEqual([0, 0, 1, 2, 0, 0]);
    expect(whole.numberOfProjectBranchesCreatedByMonth.map((m) => m.number)).toEqual([0, 1, 2, 0, 0, 0]);

    // Two threads on A: active once; one deleted, still active; both deleted, no longer.
    const threads = await t.core.db
      .insertInto('commentThreads')
      .values([
        { ndaId: a.ndaId, authorId: owner.id, text: 'Clause 2: a shorter term' },
        { ndaId: a.ndaId, authorId: owner.id, text: 'Clause 5: governing law' },
      ])
      .returning('id')
      .execute();
    expect((await expectConsistent()).numberOfActiveNda).toBe(1);
    await t.core.db.deleteFrom('commentThreads').where('id', '=', threads[0]!.id).execute();
    expect((await expectConsistent()).numberOfActiveNda).toBe(1);
    await t.core.db.deleteFrom('commentThreads').where('id', '=', threads[1]!.id).execute();
    expect((await expectConsistent()).numberOfActiveNda).toBe(0);

    // B negotiated, then signed: no longer active nor unsigned.
    await t.core.db
      .insertInto('commentThreads')
      .values({ ndaId: b.ndaId, authorId: owner.id, text: 'Clause 7' })
      .execute();
    expect((await expectConsistent()).numberOfActiveNda).toBe(1);
    await t.core.db
      .updateTable('ndas')
      .set({ isSigned: true, signedAt: at(3, 9) })
      .where('id', '=', b.ndaId)
      .execute();
    await event(b.branchId, b.ndaId, 'nda_signed', at(3, 9));
    whole = await expectConsistent();
    expect(whole).toMatchObject({ numberOfSignedNda: 1, numberOfUnsignedNda: 1, numberOfActiveNda: 0 });
    expect(whole.medianTimeToSign).toEqual({ days: 7, hours: 0, minutes: 0 });

    // A recalled, then replaced by a new NDA in its group: the recall and the first sending still count.
    await t.core.db.updateTable('ndas').set({ isRecalled: true }).where('id', '=', a.ndaId).execute();
    await event(a.branchId, a.ndaId, 'nda_recalled', at(4, 1));
    expect((await expectConsistent()).numberOfRecalledNda).toBe(1);
    await t.core.db.deleteFrom('ndas').where('id', '=', a.ndaId).execute();
    const replacement = await t.core.db
      .insertInto('ndas')
      .values({
        projectId,
        projectBranchId: a.branchId,
        name: 'Mutual NDA (revised)',
        fileKey: 'ndas/rollup-revised.pdf',
        fileSha256: '0'.repeat(64),
        pageCount: 4,
        createdAt: at(4, 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await send(a.branchId, replacement.id, at(4, 3));
    whole = await expectConsistent();
    expect(whole).toMatchObject({ numberOfNda: 3, numberOfRecalledNda: 0, numberOfUnsignedNda: 1 });
    expect(whole.numberOfNdaRecalledByMonth.map((m) => m.number)).toEqual([0, 0, 0, 0, 1, 0]);
    expect(whole.numberOfNdaSentByMonth.map((m) => m.number)).toEqual([0, 0, 1, 2, 1, 0]);

    // C's group deleted (its NDA with it), then a group with a thread on an unsent NDA: counted, not active.
    await t.core.db.deleteFrom('projectBranches').where('id', '=', c.branchId).execute();
    const d = await addGroup(at(5, 1));
    await t.core.db
      .insertInto('commentThreads')
      .values({ ndaId: d.ndaId, authorId: owner.id, text: 'Draft' })
      .execute();
    whole = await expectConsistent();
    expect(whole).toMatchObject({ numberOfNda: 3, numberOfActiveNda: 0 });
    expect(whole.numberOfProjectBranchesCreatedByMonth.map((m) => m.number)).toEqual([0, 1, 1, 0, 0, 1]);
  });

  it('are rebuilt the same from the tables when the migration runs again', async () => {
    // An NDA negotiated while it waits for its signature: counted active once, rebuilt or not.
    const waiting = await t.core.db
      .selectFrom('ndas')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSent', '=', true)
      .where('isSigned', '=', false)
      .executeTakeFirstOrThrow();
    await t.core.db
      .insertInto('commentThreads')
      .values({ ndaId: waiting.id, authorId: owner.id, text: 'Clause 9' })
      .execute();
    expect((await expectConsistent()).numberOfActiveNda).toBe(1);
    const before = await totalsAndRecount();
    await rollups.down(t.core.db);
    await rollups.up(t.core.db);
    const after = await totalsAndRecount();
    expect(after.kept).toEqual(before.kept);
    expect(after.kept).toEqual(after.recount);
    // The triggers are back: a new sending counts.
    const e = await addGroup(at(5, 2));
    await send(e.branchId, e.ndaId, at(5, 3));
    expect((await expectConsistent()).numberOfNdaSentByMonth.at(-1)!.number).toBe(1);
  });

  it('go with a deleted project', async () => {
    await t.core.db.deleteFrom('projects').where('id', '=', projectId).execute();
    const left = await totalsAndRecount();
    expect(left.kept).toEqual({ ndas: [], months: [] });
    expect(left.recount).toEqual({ ndas: [], months: [] });
    expect(await metrics('')).toMatchObject({ numberOfProjects: 0, numberOfNda: 0 });
  });
});
