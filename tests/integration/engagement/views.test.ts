import { describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv.js';
import type { ProjectEngagementDto } from '@shared/schemas/engagement.js';
import {
  ENGAGEMENT_FORMULA,
  MAX_PAGE_SECONDS_PER_BATCH,
  MAX_PAGE_SECONDS_PER_SESSION,
  MAX_SECONDS_PER_BATCH,
  engagementScore,
} from '@shared/engagement.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import { type Cast, createDeal, type Deal, eventRows, negotiationSetup } from '@tests/support/negotiation.js';
import { addDealDocument, api, expectStatus } from '@tests/support/projects.js';

// Who read what: POST /projects/views/ records a bidder's visible time per page (bounded), GET
// /projects/projects/{id}/engagement/ (tRPC engagement.project) answers each group's figures and score
// to the sending team, and a group's first opening of a deal document is the event document_opened.

let t: TestApp;
let cast: Cast;
let deal: Deal;
let cim: number;
let unreleased: number;

negotiationSetup({ signersReady: false }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
  cim = await upload('CIM', 'invitation');
  unreleased = await upload('Management presentation', 'manual');
});

const upload = (title: string, release: string) =>
  addDealDocument(t, cast.owner, deal.projectId, { title, release, file: 'pdfs/normal.pdf' });

const view = (user: TestUser | null, json: unknown) => api(t, 'POST', '/projects/views/', user, { json });
const engagement = (user: TestUser | null) => api(t, 'GET', `/projects/projects/${deal.projectId}/engagement/`, user);
describe('recording views', () => {
  it('counts a bidder’s visible seconds per page and answers what it counted', async () => {
    const res = await view(cast.signerA1, {
      document: cim,
      pages: [
        { page: 1, seconds: 12.6 },
        { page: 2, seconds: 3 },
      ],
    });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      recorded: true,
      pages: [
        { page: 1, seconds: 12 },
        { page: 2, seconds: 3 },
      ],
    });
    const views = await t.core.db
      .selectFrom('documentViews')
      .selectAll()
      .where('userId', '=', cast.signerA1.id)
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ projectBranchId: deal.a.branchId, dealDocumentId: cim, ndaId: null });
  });

  it('holds each batch and each opening to the bounds, whatever the client claims', async () => {
    const big = await view(cast.signerA2, {
      document: cim,
      pages: [
        { page: 1, seconds: 3600 },
        { page: 2, seconds: 3600 },
        { page: 3, seconds: 3600 },
        { page: 4, seconds: 3600 },
      ],
    });
    expectStatus(big, 200);
    const counted = (big.body as { pages: Array<{ seconds: number }> }).pages.map((p) => p.seconds);
    expect(counted.every((s) => s <= MAX_PAGE_SECONDS_PER_BATCH)).toBe(true);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(MAX_SECONDS_PER_BATCH);
    // Batch after batch, one page never counts more than the opening's cap.
    const batches = Math.ceil(MAX_PAGE_SECONDS_PER_SESSION / MAX_PAGE_SECONDS_PER_BATCH) + 2;
    for (let i = 0; i < batches; i++)
      expectStatus(await view(cast.signerA2, { document: cim, pages: [{ page: 5, seconds: 3600 }] }), 200);
    const page5 = await t.core.db
      .selectFrom('documentViewPages')
      .innerJoin('documentViews', 'documentViews.id', 'documentViewPages.viewId')
      .select('documentViewPages.seconds')
      .where('documentViews.userId', '=', cast.signerA2.id)
      .where('documentViewPages.page', '=', 5)
      .execute();
    expect(page5.reduce((a, p) => a + p.seconds, 0)).toBe(MAX_PAGE_SECONDS_PER_SESSION);
  });

  it('refuses malformed batches with 400', async () => {
    const bad = [
      { document: cim, pages: [] },
      { document: cim, pages: [{ page: 0, seconds: 1 }] },
      { document: cim, pages: [{ page: 1, seconds: -1 }] },
      { document: cim, pages: [{ page: 1, seconds: 4000 }] },
      { document: cim, pages: [{ page: 1.5, seconds: 1 }] },
      { document: cim, pages: [{ page: 1, seconds: 'x' }] },
      {
        document: cim,
        pages: [
          { page: 1, seconds: 1 },
          { page: 1, seconds: 1 },
        ],
      },
      { pages: [{ page: 1, seconds: 1 }] },
      { document: cim, nda: deal.a.ndaId, pages: [{ page: 1, seconds: 1 }] },
      { document: cim, pages: Array.from({ length: 51 }, (_, i) => ({ page: i + 1, seconds: 1 })) },
    ];
    for (const json of bad) expectStatus(await view(cast.signerA1, json), 400);
    expectStatus(await view(null, { document: cim, pages: [{ page: 1, seconds: 1 }] }), 401);
  });

  it('answers 404 for a document the caller may not see', async () => {
    const one = [{ page: 1, seconds: 5 }];
    expectStatus(await view(cast.signerA1, { document: unreleased, pages: one }), 404);
    expectStatus(await view(cast.signerA1, { document: 987654, pages: one }), 404);
    expectStatus(await view(cast.stranger, { document: cim, pages: one }), 404);
    expectStatus(await view(cast.signerB, { nda: deal.a.ndaId, pages: one }), 404);
    expectStatus(await view(cast.stranger, { nda: deal.a.ndaId, pages: one }), 404);
  });

  it('records a bidder reading their group’s NDA', async () => {
    const res = await view(cast.signerB, { nda: deal.b.ndaId, pages: [{ page: 1, seconds: 14 }] });
    expectStatus(res, 200);
    expect(res.body).toEqual({ recorded: true, pages: [{ page: 1, seconds: 14 }] });
  });

  it('does not record the sending team’s own reading', async () => {
    const before = await t.core.db.selectFrom('documentViews').select('id').execute();
    for (const who of [cast.owner, cast.manager]) {
      const res = await view(who, { document: cim, pages: [{ page: 1, seconds: 10 }] });
      expectStatus(res, 200);
      expect(res.body).toEqual({ recorded: false, pages: [] });
      expectStatus(await view(who, { nda: deal.a.ndaId, pages: [{ page: 1, seconds: 10 }] }), 200);
    }
    expect(await t.core.db.selectFrom('documentViews').select('id').execute()).toHaveLength(before.length);
    // The team still gets 404 for what does not exist.
    expectStatus(await view(cast.owner, { document: 987654, pages: [{ page: 1, seconds: 1 }] }), 404);
  });
});

describe('engagement by group', () => {
  it('answers each group’s figures and score, with the formula', async () => {
    const res = await engagement(cast.owner);
    expectStatus(res, 200);
    const body = res.body as ProjectEngagementDto;
    expect(body.formula).toBe(ENGAGEMENT_FORMULA);
    expect(body.results.map((g) => g.projectBranch)).toEqual([deal.a.branchId, deal.b.branchId]);
    const a = body.results[0]!;
    // A1: pages 1-2 (15 s); A2: pages 1-3 (the batch's cap; page 4 counted nothing) and page 5 (the opening's cap).
    expect(a).toMatchObject({ name: 'Group A', documentsOpened: 1, pagesRead: 4 });
    expect(a.totalSeconds).toBe(15 + MAX_SECONDS_PER_BATCH + MAX_PAGE_SECONDS_PER_SESSION);
    expect(a.score).toBe(engagementScore(a));
    expect(new Date(a.lastSeen!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const b = body.results[1]!;
    expect(b).toMatchObject({ name: 'Group B', documentsOpened: 1, pagesRead: 1, totalSeconds: 14 });
    expect(b.score).toBe(engagementScore(b));
  });

  it('is for the sending team only: 404 to bidders and strangers, on both doors', async () => {
    expectStatus(await engagement(cast.manager), 200);
    for (const who of [cast.signerA1, cast.signerB, cast.stranger]) expectStatus(await engagement(who), 404);
    expectStatus(await engagement(cast.member), 404);
    const rpc = await trpcQuery(t, 'engagement.project', { project: deal.projectId }, authHeader(cast.owner.access));
    expect(rpc.status).toBe(200);
    expect(rpc.data).toEqual((await engagement(cast.owner)).body);
    const refused = await trpcQuery(
      t,
      'engagement.project',
      { project: deal.projectId },
      authHeader(cast.signerA1.access),
    );
    expect(refused.error?.data.httpStatus).toBe(404);
  });
});

describe('the feed', () => {
  it('records a group’s first opening of a deal document once, told as a sentence', async () => {
    const events = await eventRows(t, deal.projectId, 'document_opened');
    // Group A read it in many batches by two bidders, group B read only its NDA.
    expect(events.map((e) => ({ branch: e.projectBranchId, author: e.authorId, subject: e.subjectId }))).toEqual([
      { branch: deal.a.branchId, author: cast.signerA1.id, subject: cim },
    ]);
    const feed = await api(t, 'GET', `/projects/events/?project=${deal.projectId}`, cast.owner);
    expectStatus(feed, 200);
    const opened = (feed.body.results as Array<{ status: string; sentence: string | null }>).filter(
      (e) => e.status === 'document_opened',
    );
    expect(opened.map((e) => e.sentence)).toEqual(['Buyer A Capital opened the CIM']);
  });

  it('never shows a bidder another group’s opening', async () => {
    const own = await api(t, 'GET', `/projects/events/?project=${deal.projectId}`, cast.signerA2);
    expect((own.body.results as Array<{ status: string }>).some((e) => e.status === 'document_opened')).toBe(true);
    const other = await api(t, 'GET', `/projects/events/?project=${deal.projectId}`, cast.signerB);
    expectStatus(other, 200);
    expect((other.body.results as Array<{ status: string }>).some((e) => e.status === 'document_opened')).toBe(false);
  });
});

describe('the engagement export', () => {
  it('gives each group’s engagement as CSV, as the engagement call counts it', async () => {
    const res = await api(t, 'GET', `/reports/export/engagement/?project__in=${deal.projectId}`, cast.owner);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="nda-report-engagement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(String(res.body));
    expect(rows[0]).toEqual([
      'project',
      'group',
      'last_seen_utc',
      'documents_opened',
      'pages_read',
      'reading_seconds',
      'score',
    ]);
    const figures = (await engagement(cast.owner)).body as {
      results: Array<{
        name: string;
        lastSeen: string;
        documentsOpened: number;
        pagesRead: number;
        totalSeconds: number;
        score: number;
      }>;
    };
    expect(rows.slice(1)).toEqual(
      figures.results.map((g) => [
        'Project Falcon',
        g.name,
        g.lastSeen,
        String(g.documentsOpened),
        String(g.pagesRead),
        String(g.totalSeconds),
        String(g.score),
      ]),
    );
  });

  it('is closed to bidders', async () => {
    expectStatus(await api(t, 'GET', '/reports/export/engagement/', cast.signerA1), 403);
    expectStatus(await api(t, 'GET', '/reports/export/engagement/', null), 401);
  });
});
