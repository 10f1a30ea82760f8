// Figure 6, client: the gzipped JavaScript the landing page loads and the NDA review page loads, read
// from the production build (dist/client): index.html's entry and module preloads, followed through
// every chunk's static imports, plus each page's lazy route chunk and its static imports (and for the
// NDA review page pdf.js's worker). What a page loads only once it is drawn (the landing page's
// forms) is printed apart. Baseline: React and React DOM alone (the smallest page this stack can
// ship). Then the time to the NDA review page's first page drawn, in a browser (first-draw.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { firstDraw } from './first-draw.js';
import { type Row, row } from './lib/results.js';
import { ROOT } from './lib/server.js';
import { round } from './lib/stats.js';

const DIST = path.join(ROOT, 'dist', 'client');
const GOAL_LANDING_KB = 250;

const gzipKb = (file: string) => round(zlib.gzipSync(fs.readFileSync(path.join(DIST, file))).length / 1024);

/** The chunk and every chunk it imports statically, as paths under dist/client. */
function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(DIST, file), 'utf8');
    // `import{a as b}from"./x.js"` and `import"./x.js"`, not `import("./x.js")` (loaded later, on demand).
    for (const m of code.matchAll(/import\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.\/[^"']+\.m?js)["']/g))
      queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  return seen;
}

export async function client(): Promise<Row[]> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    const r = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('the client build failed');
  }
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  const find = (re: RegExp) => assets.filter((a) => re.test(a)).map((a) => `assets/${a}`);
  const shell = closure(entry);
  const landing = new Set([...shell, ...closure(find(/^LandingPage-.*\.js$/))]);
  const review = new Set([...shell, ...closure(find(/^NdaReviewPage-.*\.js$/)), ...find(/^pdf\.worker.*\.m?js$/)]);
  const deferred = closure(find(/^(ContactForm|RegisterInterestForm)-.*\.js$/));
  const sum = (files: Set<string>) => round([...files].reduce((n, f) => n + gzipKb(f), 0));
  const react = find(/^react-.*\.js$/);
  const baseline = react.length ? sum(new Set(react)) : null;
  const pdfOnLanding = [...landing].some((f) => /pdf/i.test(f));
  const landingKb = sum(landing);
  const reviewKb = sum(review);
  console.log(`client: landing ${[...landing].join(', ')}`);
  console.log(
    `client: the landing page loads once drawn ${sum(new Set([...deferred].filter((f) => !landing.has(f))))} KB more: ${[...deferred].filter((f) => !landing.has(f)).join(', ')}`,
  );
  console.log(`client: NDA review adds ${[...review].filter((f) => !shell.has(f)).join(', ')}`);
  return [
    row({
      name: 'Client: landing page JavaScript (gzip)',
      value: landingKb,
      unit: 'KB',
      baseline,
      goal: `< ${GOAL_LANDING_KB} KB, no PDF code`,
      met: landingKb < GOAL_LANDING_KB && !pdfOnLanding,
    }),
    row({
      name: 'Client: NDA review page JavaScript (gzip, pdf.js worker included)',
      value: reviewKb,
      unit: 'KB',
      baseline,
      goal: 'pdf.js only here',
      met: !pdfOnLanding && [...review].some((f) => /pdf/i.test(f)),
    }),
    await firstDraw(),
  ];
}
