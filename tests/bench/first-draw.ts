// Figure 6, client, in a browser: the time from opening the NDA review page in headless Chromium (a
// fresh browser context each time, so nothing is cached) to its first page and its pointers drawn,
// read from the page's own marks (client/src/features/negotiation/first-draw.ts). Baseline: the same
// browser opening the app's sign-in page to its first contentful paint, the app's lightest page.
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { sql } from 'kysely';
import { chromiumPath } from '../../scripts/chromium.mjs';
import { type Row, row, skipped } from './lib/results.js';
import { seedReads } from './lib/seed.js';
import { createBenchDatabase, openCore, startServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const CHROMIUM = chromiumPath();
const RUNS = Number(process.env.BENCH_FIRST_DRAW_RUNS ?? 7);
const NAME = 'Client: NDA review page opened to first page and pointers drawn (median)';

export async function firstDraw(): Promise<Row> {
  if (!fs.existsSync(CHROMIUM)) return skipped(NAME, 'ms', 'reported', `no Chromium at ${CHROMIUM}`);
  const db = await createBenchDatabase('first-draw');
  const core = await openCore(db);
  const deal = await seedReads(core, { projects: 1, groups: 1, threads: 12 });
  const { rows } = await sql<{ branch: number }>`
    select project_branch_id as branch from ndas where id = ${deal.nda}`.execute(core.db);
  await core.close();
  const server = await startServer(db);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const me = (await (
      await fetch(`${server.base}/trpc/account.me`, { headers: { authorization: `Bearer ${deal.owner.token}` } })
    ).json()) as { result: { data: unknown } };
    // The browser is signed in as a login leaves it; the refresh token is never needed in so short a run.
    const session = JSON.stringify({ access: deal.owner.token, refresh: 'unused', user: me.result.data });
    const review = `${server.base}/projects/${deal.project}/group/${rows[0]!.branch}/nda`;
    // The page's Content Security Policy forbids evaluating strings: the measures are functions.
    const open = async (url: string, measure: () => number | false): Promise<number> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((s) => localStorage.setItem('nda.session', s), session);
      const page = await context.newPage();
      try {
        await page.goto(url);
        const handle = await page.waitForFunction(measure, undefined, { timeout: 60_000 });
        return (await handle.jsonValue()) as number;
      } finally {
        await context.close();
      }
    };
    const drawn: number[] = [];
    const shell: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      drawn.push(
        await open(review, () => {
          const marks = ['nda-first-page', 'nda-first-pointers'].map((n) => performance.getEntriesByName(n)[0]);
          return marks.every(Boolean) && Math.max(...marks.map((m) => m!.startTime));
        }),
      );
      shell.push(
        await open(
          `${server.base}/login`,
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
        ),
      );
    }
    console.log(
      `first-draw: review page ${drawn.map(Math.round).join(', ')} ms; sign-in page ${shell.map(Math.round).join(', ')} ms`,
    );
    return row({
      name: NAME,
      value: round(percentile(drawn, 50)),
      unit: 'ms',
      baseline: round(percentile(shell, 50)),
      goal: 'reported',
      met: true,
    });
  } finally {
    await browser.close();
    await server.stop();
    await db.drop();
  }
}
