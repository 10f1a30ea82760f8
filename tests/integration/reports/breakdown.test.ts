import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '@shared/events.js';
import { parseCsv } from '@shared/csv.js';
import type { ReportBreakdownDto, ReportGroupDto } from '@server/presenters/report.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import { api, expectStatus } from '@tests/support/projects.js';
import { insertNdaRow } from '@tests/support/reports.js';

// GET /reports/breakdown/, its tRPC twin and the CSV exports (server/queries/reports/*) over a seeded
// history whose answers are known: each group's status and time to sign, the clauses negotiated
// across groups, the filter, the scoping to the caller's company and the CSV's escaping.

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let signer: TestUser;
const ids: Record<string, number> = {};
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const SENT = new Date('2026-09-01T09:00:00.000Z');
const SIGNED = new Date(SENT.getTime() + 2 * DAY + 3.5 * HOUR);

async function project(key: string, who: TestUser) {
  const row = await t.core.db
    .insertInto('projects')
    .values({ companyId: who.user.company!, ownerId: who.id, name: `Project ${key}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
  await event(key, null, null, 'new_project', new Date('2026-08-01T08:00:00.000Z'));
}

async function event(projectKey: string, groupKey: string | null, ndaId: number | null, status: EventType, at: Date) {
  await t.core.db
    .insertInto('events')
    .values({
      projectId: ids[projectKey]!,
      projectBranchId: groupKey ? ids[groupKey]! : null,
      ndaId,
      authorId: owner.id,
      status,
      createdAt: at,
    })
    .execute();
}

interface GroupHistory {
  name?: string;
  nda?: boolean;
  sent?: boolean;
  signed?: boolean;
  recalled?: boolean;
  passed?: string;
  /** Threads: quote (or null), first pointer, status. */
  threads?: Array<{ quote: string | null; page: number; x: number; y: number; status?: string }>;
}

async function group(key: string, projectKey: string, h: GroupHistory) {
  const db = t.core.db;
  const projectId = ids[projectKey]!;
  const branch = await db
    .insertInto('projectBranches')
    .values({ projectId, name: h.name ?? `Group ${key}`, inheritNdaFromProject: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = branch.id;
  if (h.nda === false) return;
  const nda = await insertNdaRow(db, {
    projectId,
    projectBranchId: branch.id,
    isSent: !!h.sent,
    sentAt: h.sent ? SENT : null,
    isSigned: !!h.signed,
    signedAt: h.signed ? SIGNED : null,
    isRecalled: !!h.recalled,
  });
  if (h.sent) await event(projectKey, key, nda.id, 'nda_sent', SENT);
  if (h.signed) await event(projectKey, key, nda.id, 'nda_signed', SIGNED);
  if (h.passed !== undefined) {
    await db
      .insertInto('signerships')
      .values({ projectBranchId: branch.id, userId: signer.id, rejectedAt: SIGNED, rejectionReason: h.passed })
      .execute();
    await t.core.db
      .insertInto('events')
      .values({
        projectId,
        projectBranchId: branch.id,
        ndaId: nda.id,
        authorId: signer.id,
        status: 'nda_rejected',
        createdAt: SIGNED,
      })
      .execute();
  }
  for (const th of h.threads ?? []) {
    const thread = await db
      .insertInto('commentThreads')
      .values({
        ndaId: nda.id,
        authorId: owner.id,
        text: 'Shorten the term',
        quote: th.quote,
        ...(th.status ? { negotiationStatus: th.status } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('pointers').values({ commentThreadId: thread.id, page: th.page, x: th.x, y: th.y }).execute();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  [owner, stranger] = await Promise.all([
    createOwner(t, { company_name: 'Adviser Partners LLP' }),
    createOwner(t, { company_name: 'Rival Advisory Ltd' }),
  ]);
  signer = await createSigner(t, owner);

  // Falcon: A signed 2 days 3 hours 30 minutes after sending, with an agreed thread on the term and an
  // open one on page 2; B waiting, its thread on the same term (written otherwise) rejected by both;
  // C passed with a reason; D without an NDA.
  await project('Falcon', owner);
  await group('A', 'Falcon', {
    sent: true,
    signed: true,
    threads: [
      { quote: 'Term of two years', page: 1, x: 0.2, y: 0.3, status: 'approved_by_both_parties' },
      { quote: null, page: 2, x: 0.5, y: 0.5 },
    ],
  });
  await group('B', 'Falcon', {
    sent: true,
    threads: [{ quote: 'TERM of  two years', page: 1, x: 0.6, y: 0.7, status: 'rejected_by_both_parties' }],
  });
  await group('C', 'Falcon', { sent: true, passed: 'We are not bidding, price too high' });
  await group('D', 'Falcon', { nda: false });
  // Heron (newer): E recalled; F not sent, named to test the CSV's escaping.
  await project('Heron', owner);
  await group('E', 'Heron', { sent: true, recalled: true });
  await group('F', 'Heron', { name: '=HYPERLINK("http://x"), buyers' });
  // Another company's project, negotiating the same words: never in the owner's reports.
  await project('Rival', stranger);
  await group('S', 'Rival', {
    sent: true,
    signed: true,
    threads: [{ quote: 'Term of two years', page: 1, x: 0.2, y: 0.3 }],
  });
});
afterAll(async () => {
  await t?.close();
});

async function breakdown(who: TestUser, query = ''): Promise<ReportBreakdownDto> {
  const res = await api(t, 'GET', `/reports/breakdown/${query}`, who);
  expectStatus(res, 200);
  return res.body as ReportBreakdownDto;
}

const row = (key: string, fields: Partial<ReportGroupDto>) => expect.objectContaining({ id: ids[key], ...fields });

describe('GET /reports/breakdown/', () => {
  it("gives each group's NDA status, time from sent to signed and threads, newest project first", async () => {
    const report = await breakdown(owner);
    expect(report.groupsTotal).toBe(6);
    expect(report.groups.map((g) => g.id)).toEqual([ids.E, ids.F, ids.A, ids.B, ids.C, ids.D]);
    expect(report.groups).toEqual([
      row('E', { status: 'Recalled', timeToSign: null, projectName: 'Project Heron', ndaName: 'Mutual NDA' }),
      row('F', { status: 'Not sent', sentAt: null }),
      row('A', {
        status: 'Completed',
        sentAt: SENT.toISOString(),
        signedAt: SIGNED.toISOString(),
        timeToSign: { days: 2, hours: 3, minutes: 30 },
        threads: 2,
        openThreads: 1,
        agreedThreads: 1,
      }),
      row('B', { status: 'Pending', threads: 1, openThreads: 0, agreedThreads: 0, timeToSign: null }),
      row('C', { status: 'Rejected', threads: 0 }),
      row('D', { status: 'No NDA', nda: null, ndaName: null, sentAt: null }),
    ]);
  });

  it('groups the threads of every group by clause, the clause raised by most groups first', async () => {
    const report = await breakdown(owner);
    expect(report.clausesTotal).toBe(2);
    expect(report.clauses).toEqual([
      {
        project: ids.Falcon,
        projectName: 'Project Falcon',
        page: 1,
        quote: 'Term of two years',
        threads: 2,
        groups: 2,
        open: 0,
        agreed: 1,
        rejected: 1,
      },
      {
        project: ids.Falcon,
        projectName: 'Project Falcon',
        page: 2,
        quote: null,
        threads: 1,
        groups: 1,
        open: 1,
        agreed: 0,
        rejected: 0,
      },
    ]);
  });

  it('keeps to the groups chosen', async () => {
    const report = await breakdown(owner, `?project_branch__in=${ids.B}`);
    expect(report.groups.map((g) => g.id)).toEqual([ids.B]);
    // The clause as this group wrote it, its spaces tidied.
    expect(report.clauses).toEqual([
      expect.objectContaining({ quote: 'TERM of two years', threads: 1, groups: 1, rejected: 1 }),
    ]);
    const heron = await breakdown(owner, `?project__in=${ids.Heron}`);
    expect(heron.groups.map((g) => g.id)).toEqual([ids.E, ids.F]);
    expect(heron.clauses).toEqual([]);
  });

  it("never counts another company's groups, and ids the caller may not see count nothing", async () => {
    const rival = await breakdown(stranger);
    expect(rival.groups.map((g) => g.id)).toEqual([ids.S]);
    expect(rival.clauses).toEqual([expect.objectContaining({ threads: 1, groups: 1 })]);
    expect(await breakdown(owner, `?project__in=${ids.Rival}`)).toEqual({
      groups: [],
      groupsTotal: 0,
      clauses: [],
      clausesTotal: 0,
    });
  });

  it('is the same over tRPC, and closed to recipients', async () => {
    const res = await trpcQuery<ReportBreakdownDto>(
      t,
      'reports.breakdown',
      { projectIn: [ids.Falcon] },
      authHeader(owner.access),
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual(await breakdown(owner, `?project__in=${ids.Falcon}`));
    expectStatus(await api(t, 'GET', '/reports/breakdown/', signer), 403);
    expectStatus(await api(t, 'GET', '/reports/breakdown/', null), 401);
    expectStatus(await api(t, 'GET', '/reports/breakdown/?project__in=abc', owner), 400);
  });
});

async function csv(path: string, who: TestUser | null = owner) {
  const res = await api(t, 'GET', path, who);
  return { res, rows: res.status === 200 ? parseCsv(String(res.body)) : [] };
}

describe('the CSV exports', () => {
  it("give each group's NDA status as a spreadsheet reads it", async () => {
    const { res, rows } = await csv('/reports/export/statuses/');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="nda-report-statuses-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(String(res.body).endsWith('\r\n')).toBe(true);
    expect(rows[0]).toEqual([
      'project',
      'group',
      'nda_status',
      'sent_at_utc',
      'signed_at_utc',
      'time_to_sign',
      'time_to_sign_minutes',
      'threads',
      'open_threads',
      'agreed_threads',
    ]);
    expect(rows).toHaveLength(7);
    expect(rows).toContainEqual([
      'Project Falcon',
      'Group A',
      'Completed',
      SENT.toISOString(),
      SIGNED.toISOString(),
      '2 days 3 hours 30 minutes',
      String(2 * 1440 + 3 * 60 + 30),
      '2',
      '1',
      '1',
    ]);
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows).toContainEqual([
      'Project Heron',
      `'=HYPERLINK("http://x"), buyers`,
      'Not sent',
      '',
      '',
      '',
      '',
      '0',
      '0',
      '0',
    ]);
  });

  it('give the events of the scope, newest first, with why a recipient passed', async () => {
    const { res, rows } = await csv(`/reports/export/events/?project_branch__in=${ids.C}`);
    expectStatus(res, 200);
    expect(rows[0]).toEqual(['time_utc', 'project', 'group', 'event', 'description', 'author', 'reason']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['nda_rejected', 'nda_sent']);
    expect(rows[1]).toEqual([
      SIGNED.toISOString(),
      'Project Falcon',
      'Group C',
      'nda_rejected',
      `Opportunity was passed on by: ${signer.user.firstName} ${signer.user.lastName}`,
      `${signer.user.firstName} ${signer.user.lastName}`,
      'We are not bidding, price too high',
    ]);
    // A project chosen brings its project-wide events too.
    const heron = await csv(`/reports/export/events/?project__in=${ids.Heron}`);
    expect(heron.rows.slice(1).map((r) => [r[2], r[3]])).toEqual([
      ['Group E', 'nda_sent'],
      ['', 'new_project'],
    ]);
  });

  it("never export another company's events, and are closed to recipients", async () => {
    const { rows } = await csv('/reports/export/events/');
    expect(rows.slice(1).some((r) => r[1] === 'Project Rival')).toBe(false);
    expect(
      rows
        .slice(1)
        .filter((r) => r[3] === 'new_project')
        .map((r) => r[1]),
    ).toEqual(['Project Heron', 'Project Falcon']);
    expectStatus((await csv('/reports/export/statuses/', signer)).res, 403);
    expectStatus((await csv('/reports/export/events/', null)).res, 401);
  });
});
