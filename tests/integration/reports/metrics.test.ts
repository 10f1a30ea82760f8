import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '@shared/events.js';
import { type MonthCount, reportMonths } from '@shared/reports.js';
import type { ReportMetricsDto } from '@server/presenters/report.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import { api, expectStatus } from '@tests/support/projects.js';
import { insertNdaRow } from '@tests/support/reports.js';

// GET /reports/metrics/ and its tRPC twin (server/queries/reports/*) over a seeded history whose
// answers are known: every counter, the zero-filled months, the median, who sees what, the filters
// and bad input.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let idle: TestUser;
let signer: TestUser;
let stranger: TestUser;

/** The report's six months, oldest (0) to current (5), and an instant in one of them. */
const months = reportMonths(new Date());
const at = (index: number, day: number, hour = 12, minute = 0) => {
  const m = months[index]!;
  return new Date(Date.UTC(m.year, m.month - 1, day, hour, minute));
};
/** Eight months ago: before the report's window. */
const longAgo = (day: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 8, day, 12));
};
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Expected monthly list: zeros except the given months (index -> number). */
const monthly = (numbers: Record<number, number> = {}): MonthCount[] =>
  months.map((m, i) => ({ year: m.year, month: m.month, number: numbers[i] ?? 0 }));

const ids: Record<string, number> = {};

async function project(key: string, who: TestUser, created: Date, members: TestUser[] = []) {
  const row = await t.core.db
    .insertInto('projects')
    .values({ companyId: who.user.company!, ownerId: who.id, name: `Project ${key}`, createdAt: created })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const m of members)
    await t.core.db.insertInto('projectMembers').values({ projectId: row.id, userId: m.id }).execute();
  ids[key] = row.id;
  return row.id;
}

interface GroupHistory {
  created: Date;
  /** Each sending of the NDA (one event per recipient). */
  sent?: Date[];
  signed?: Date;
  recalled?: Date;
  thread?: boolean;
}

async function event(projectId: number, branchId: number, ndaId: number, status: EventType, created: Date) {
  await t.core.db
    .insertInto('events')
    .values({ projectId, projectBranchId: branchId, ndaId, authorId: owner.id, status, createdAt: created })
    .execute();
}

/** A group with its NDA and the events of its history, written as the commands write them. */
async function group(key: string, projectKey: string, h: GroupHistory) {
  const db = t.core.db;
  const projectId = ids[projectKey]!;
  const branch = await db
    .insertInto('projectBranches')
    .values({ projectId, name: `Group ${key}`, inheritNdaFromProject: false, createdAt: h.created })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = branch.id;
  const firstSent = h.sent?.[0] ?? null;
  const nda = await insertNdaRow(db, {
    projectId,
    projectBranchId: branch.id,
    isSent: firstSent !== null,
    sentAt: firstSent,
    isSigned: !!h.signed,
    signedAt: h.signed ?? null,
    isRecalled: !!h.recalled,
    createdAt: h.created,
  });
  for (const sent of h.sent ?? []) {
    // Sent to two recipients: two events of the same NDA at once.
    await event(projectId, branch.id, nda.id, 'nda_sent', sent);
    await event(projectId, branch.id, nda.id, 'nda_sent', sent);
  }
  if (h.signed) await event(projectId, branch.id, nda.id, 'nda_signed', h.signed);
  if (h.recalled) await event(projectId, branch.id, nda.id, 'nda_recalled', h.recalled);
  if (h.thread)
    await db
      .insertInto('commentThreads')
      .values({ ndaId: nda.id, authorId: owner.id, text: 'Clause 4: two years' })
      .execute();
  // Activity the monthly lists do not count.
  if (firstSent) await event(projectId, branch.id, nda.id, 'nda_opened', firstSent);
}

beforeAll(async () => {
  t = await startTestApp();
  [owner, stranger] = await Promise.all([
    createOwner(t, { company_name: 'Adviser Partners LLP' }),
    createOwner(t, { company_name: 'Rival Advisory Ltd' }),
  ]);
  [manager, idle, signer] = await Promise.all([createMember(t, owner), createMember(t, owner), createSigner(t, owner)]);

  // Falcon (month 1, the manager on it): A signed 2 days 3 hours 30 minutes after sending (sent twice
  // in month 1), B negotiated and waiting, H waiting without a thread.
  await project('Falcon', owner, at(1, 1), [manager]);
  const aSent = at(1, 2, 10);
  await group('A', 'Falcon', {
    created: at(1, 1, 13),
    sent: [aSent, at(1, 20)],
    signed: new Date(aSent.getTime() + 2 * DAY + 3.5 * HOUR),
  });
  await group('B', 'Falcon', { created: at(2, 3), sent: [at(2, 5, 9)], thread: true });
  await group('H', 'Falcon', { created: at(2, 4), sent: [at(2, 6)] });

  // Heron (month 3): C signed 4 days after sending, D recalled, E not sent yet, G signed within the hour.
  await project('Heron', owner, at(3, 1));
  const cSent = at(3, 1, 8);
  await group('C', 'Heron', { created: at(3, 1, 7), sent: [cSent], signed: new Date(cSent.getTime() + 4 * DAY) });
  await group('D', 'Heron', { created: at(4, 2), sent: [at(4, 3)], recalled: at(4, 8) });
  await group('E', 'Heron', { created: at(4, 4) });
  const gSent = at(4, 10, 12);
  await group('G', 'Heron', { created: at(4, 9), sent: [gSent], signed: new Date(gSent.getTime() + HOUR) });

  // Ibis, from before the window: F sent then, signed in month 0.
  await project('Ibis', owner, longAgo(1));
  await group('F', 'Ibis', { created: longAgo(2), sent: [longAgo(3)], signed: at(0, 3) });

  // Another company's project: never in the owner's reports.
  await project('Rival', stranger, at(2, 1));
  await group('S', 'Rival', { created: at(2, 1), sent: [at(2, 2)], signed: at(2, 3) });
});
afterAll(async () => {
  await t?.close();
});

async function metrics(who: TestUser, query = ''): Promise<ReportMetricsDto> {
  const res = await api(t, 'GET', `/reports/metrics/${query}`, who);
  expectStatus(res, 200);
  return res.body as ReportMetricsDto;
}

/** The report of nothing at all. */
const EMPTY: ReportMetricsDto = {
  numberOfUnsignedNda: 0,
  numberOfSignedNda: 0,
  numberOfActiveNda: 0,
  numberOfRecalledNda: 0,
  numberOfProjectsCreatedByMonth: monthly(),
  numberOfProjectBranchesCreatedByMonth: monthly(),
  numberOfNdaSignedByMonth: monthly(),
  numberOfNdaRecalledByMonth: monthly(),
  numberOfNdaSentByMonth: monthly(),
  numberOfProjects: 0,
  numberOfNda: 0,
  medianTimeToSign: null,
};

/** The Falcon project alone: A, B and H. */
const FALCON: ReportMetricsDto = {
  numberOfUnsignedNda: 2,
  numberOfSignedNda: 1,
  numberOfActiveNda: 1,
  numberOfRecalledNda: 0,
  numberOfProjectsCreatedByMonth: monthly({ 1: 1 }),
  numberOfProjectBranchesCreatedByMonth: monthly({ 1: 1, 2: 2 }),
  numberOfNdaSignedByMonth: monthly({ 1: 1 }),
  numberOfNdaRecalledByMonth: monthly(),
  numberOfNdaSentByMonth: monthly({ 1: 1, 2: 2 }),
  numberOfProjects: 1,
  numberOfNda: 3,
  medianTimeToSign: { days: 2, hours: 3, minutes: 30 },
};

describe('the reports of an account owner', () => {
  it('count every NDA state, the five monthly lists with empty months at 0, and the median time to sign', async () => {
    expect(await metrics(owner)).toEqual({
      // B and H wait for a signature; B is negotiated; A, C, G and F are signed; D is recalled; E is not sent.
      numberOfUnsignedNda: 2,
      numberOfSignedNda: 4,
      numberOfActiveNda: 1,
      numberOfRecalledNda: 1,
      // Ibis was created before the window: counted in the total, not by month.
      numberOfProjectsCreatedByMonth: monthly({ 1: 1, 3: 1 }),
      numberOfProjectBranchesCreatedByMonth: monthly({ 1: 1, 2: 2, 3: 1, 4: 3 }),
      numberOfNdaSignedByMonth: monthly({ 0: 1, 1: 1, 3: 1, 4: 1 }),
      numberOfNdaRecalledByMonth: monthly({ 4: 1 }),
      // A was sent twice to two recipients in month 1: one NDA sent that month.
      numberOfNdaSentByMonth: monthly({ 1: 1, 2: 2, 3: 1, 4: 2 }),
      numberOfProjects: 3,
      numberOfNda: 8,
      // Times to sign: 1 hour, 2 days 3 h 30 min, 4 days and about 7 months: the median is halfway
      // between the middle two, 3 days 1 hour 45 minutes.
      medianTimeToSign: { days: 3, hours: 1, minutes: 45 },
    });
  });

  it('answer every month of the window in order, the current one last', async () => {
    const report = await metrics(owner);
    const now = new Date();
    expect(report.numberOfNdaSentByMonth).toHaveLength(6);
    expect(report.numberOfNdaSentByMonth.at(-1)).toMatchObject({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
    });
    expect(report.numberOfNdaSentByMonth.every((m) => m.month >= 1 && m.month <= 12)).toBe(true);
  });

  it('are the same over tRPC', async () => {
    const res = await trpcQuery<ReportMetricsDto>(t, 'reports.metrics', {}, authHeader(owner.access));
    expect(res.status).toBe(200);
    expect(res.data).toEqual(await metrics(owner));
    const filtered = await trpcQuery<ReportMetricsDto>(
      t,
      'reports.metrics',
      { projectIn: [ids.Falcon] },
      authHeader(owner.access),
    );
    expect(filtered.data).toEqual(FALCON);
  });
});

describe('the filter', () => {
  it('brings all the groups of a project chosen', async () => {
    expect(await metrics(owner, `?project__in=${ids.Falcon}`)).toEqual(FALCON);
  });

  it('brings only a group chosen alone, and the project it belongs to', async () => {
    expect(await metrics(owner, `?project_branch__in=${ids.C}`)).toEqual({
      ...EMPTY,
      numberOfSignedNda: 1,
      numberOfProjectsCreatedByMonth: monthly({ 3: 1 }),
      numberOfProjectBranchesCreatedByMonth: monthly({ 3: 1 }),
      numberOfNdaSignedByMonth: monthly({ 3: 1 }),
      numberOfNdaSentByMonth: monthly({ 3: 1 }),
      numberOfProjects: 1,
      numberOfNda: 1,
      medianTimeToSign: { days: 4, hours: 0, minutes: 0 },
    });
  });

  it('adds projects and groups together, as a list or as the key repeated', async () => {
    const expected = {
      ...FALCON,
      numberOfRecalledNda: 1,
      numberOfProjectsCreatedByMonth: monthly({ 1: 1, 3: 1 }),
      numberOfProjectBranchesCreatedByMonth: monthly({ 1: 1, 2: 2, 4: 1 }),
      numberOfNdaRecalledByMonth: monthly({ 4: 1 }),
      numberOfNdaSentByMonth: monthly({ 1: 1, 2: 2, 4: 1 }),
      numberOfProjects: 2,
      numberOfNda: 4,
    };
    expect(await metrics(owner, `?project__in=${ids.Falcon}&project_branch__in=${ids.D}`)).toEqual(expected);
    expect(
      await metrics(owner, `?project__in=${ids.Falcon},${ids.Falcon}&project_branch__in=${ids.D},${ids.A}`),
    ).toEqual(expected);
    expect(
      await metrics(owner, `?project_branch__in=${ids.A}&project_branch__in=${ids.B}&project_branch__in=${ids.H}`),
    ).toEqual(FALCON);
  });

  it('counts nothing for projects and groups of another company', async () => {
    expect(await metrics(owner, `?project__in=${ids.Rival}`)).toEqual(EMPTY);
    expect(await metrics(owner, `?project_branch__in=${ids.S}`)).toEqual(EMPTY);
    // Chosen with the owner's own project, they add nothing.
    expect(await metrics(owner, `?project__in=${ids.Falcon},${ids.Rival}&project_branch__in=${ids.S}`)).toEqual(FALCON);
  });

  it('treats empty values as no filter', async () => {
    expect(await metrics(owner, '?project__in=&project_branch__in=')).toEqual(await metrics(owner));
  });

  it('refuses ids that are not ids with 400 under the field, never 500', async () => {
    for (const [query, field] of [
      ['?project__in=abc', 'projectIn'],
      ['?project__in=1,x', 'projectIn'],
      ['?project__in=0', 'projectIn'],
      ['?project__in=-3', 'projectIn'],
      ['?project__in=1.5', 'projectIn'],
      ['?project_branch__in=99999999999', 'projectBranchIn'],
      [`?project_branch__in=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`, 'projectBranchIn'],
    ] as const) {
      const res = await api(t, 'GET', `/reports/metrics/${query}`, owner);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body as object), query).toEqual([field, 'code']);
      expect((res.body as Record<string, string[]>)[field]![0], query).toEqual(expect.any(String));
    }
    const trpc = await trpcQuery(t, 'reports.metrics', { projectIn: ['abc'] }, authHeader(owner.access));
    expect(trpc.status).toBe(400);
  });
});

describe('who sees what', () => {
  it('gives another company only its own projects', async () => {
    expect(await metrics(stranger)).toEqual({
      ...EMPTY,
      numberOfSignedNda: 1,
      numberOfProjectsCreatedByMonth: monthly({ 2: 1 }),
      numberOfProjectBranchesCreatedByMonth: monthly({ 2: 1 }),
      numberOfNdaSignedByMonth: monthly({ 2: 1 }),
      numberOfNdaSentByMonth: monthly({ 2: 1 }),
      numberOfProjects: 1,
      numberOfNda: 1,
      medianTimeToSign: { days: 1, hours: 0, minutes: 0 },
    });
  });

  it('gives a team member the projects they are on, and nothing of the others even when chosen', async () => {
    expect(await metrics(manager)).toEqual(FALCON);
    expect(await metrics(manager, `?project__in=${ids.Heron}`)).toEqual(EMPTY);
    expect(await metrics(idle)).toEqual(EMPTY);
  });

  it('gives recipients no reports, and strangers to the app none either', async () => {
    const res = await api(t, 'GET', '/reports/metrics/', signer);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'team_only' });
    expectStatus(await api(t, 'GET', '/reports/choices/', signer), 403);
    expectStatus(await api(t, 'GET', '/reports/metrics/', null), 401);
  });
});

describe('the filter choices', () => {
  it('list the projects the caller runs, newest first, with their groups', async () => {
    const res = await api(t, 'GET', '/reports/choices/', owner);
    expectStatus(res, 200);
    const names = (res.body as Array<{ name: string; projectBranches: Array<{ name: string }> }>).map((p) => [
      p.name,
      p.projectBranches.map((b) => b.name),
    ]);
    expect(names).toEqual([
      ['Project Ibis', ['Group F']],
      ['Project Heron', ['Group C', 'Group D', 'Group E', 'Group G']],
      ['Project Falcon', ['Group A', 'Group B', 'Group H']],
    ]);
    const mine = await trpcQuery(t, 'reports.choices', undefined, authHeader(manager.access));
    expect(mine.data.map((p: { name: string }) => p.name)).toEqual(['Project Falcon']);
  });
});
