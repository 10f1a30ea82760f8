import { test as base, type Browser, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The suite's `test`: Playwright's own, which closes the contexts each test opened (ownContexts) and
 * watches every open page's drawing (frameWatch).
 *
 * Headless Chromium can stop producing frames for one page while that page's scripts go on running
 * (seen here once in 430 runs under heavy load). Playwright's click waits for the target to be
 * "stable" over two animation frames, so a click on such a page waits out its whole timeout however
 * right the app is. The watch asks each page for an animation frame every few seconds. When a page
 * answers but draws no frame several times running, the watch records it, then makes the page draw
 * again the way a person would notice nothing: a screenshot (which asks the compositor for a frame),
 * then a one-pixel resize of the viewport and back. What happened is written on the test's result
 * (annotation "browser-stall") and printed, so a stall is never mistaken for a fault of the app, and
 * never hidden: the product and the test's steps are not touched.
 */

const PROBE_EVERY_MS = 2_000;
/** How long a page that answers may go without a frame before a probe counts as a miss. */
const FRAME_WAIT_MS = 3_000;
/** Misses in a row that make a stall (about 9 s without a frame, far beyond any busy page). */
const MISSES_FOR_STALL = 3;

interface Watched {
  misses: number;
  since?: number;
  stalled: boolean;
}

/** How long a probe waits for the page to answer at all: a page whose scripts hang never does. */
const ANSWER_WAIT_MS = FRAME_WAIT_MS + 2_000;

type Probe = 'frame' | 'no-frame' | 'no-answer' | 'gone';

/**
 * Runs the watch's own calls as Playwright's internal ones, kept out of the trace and the report's
 * steps: a probe every few seconds would otherwise bury the test's own actions. Playwright's method
 * for it is not public; without it the probes are simply traced.
 */
function quietly<T>(page: Page, call: () => Promise<T>): Promise<T> {
  const wrap = (page as unknown as { _wrapApiCall?: (f: () => Promise<T>, o: { internal: boolean }) => Promise<T> })
    ._wrapApiCall;
  return wrap ? wrap.call(page, call, { internal: true }) : call();
}

async function drawsAFrame(page: Page): Promise<Probe> {
  const asked = quietly(page, () =>
    page.evaluate(
      (wait) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), wait);
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve(true);
          });
        }),
      FRAME_WAIT_MS,
    ),
  ).then(
    (drew): Probe => (drew ? 'frame' : 'no-frame'),
    // Navigating, closed or crashed: nothing to say about its drawing.
    (): Probe => 'gone',
  );
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<Probe>((resolve) => (timer = setTimeout(() => resolve('no-answer'), ANSWER_WAIT_MS)));
  try {
    return await Promise.race([asked, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** Makes a stalled page draw again; says what did it, or undefined when nothing did. */
async function nudge(page: Page): Promise<string | undefined> {
  await page.screenshot({ timeout: 5_000 }).catch(() => undefined);
  if ((await drawsAFrame(page)) === 'frame') return 'a screenshot';
  const size = page.viewportSize();
  if (!size) return undefined;
  await page.setViewportSize({ width: size.width, height: size.height + 1 }).catch(() => undefined);
  await page.setViewportSize(size).catch(() => undefined);
  return (await drawsAFrame(page)) === 'frame' ? 'a one-pixel resize' : undefined;
}

function openPages(browser: Browser): Page[] {
  return browser.contexts().flatMap((context) => context.pages());
}

export const test = base.extend<{ ownContexts: void; frameWatch: void }>({
  /**
   * Closes the browser contexts a test opened (browser.newContext) and left open, failing or not:
   * Playwright closes only its own `context`, and a page left open keeps its socket, its live updates
   * and its timers running through every later test of the worker. Contexts opened in beforeAll were
   * there before the test and stay for the tests after it. Closing goes through Playwright, which
   * keeps each one's trace and failure screenshot.
   */
  ownContexts: [
    async ({ browser, context: _context }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
  frameWatch: [
    // After ownContexts is set up and before it closes anything, so a failure's report sees every page.
    async ({ browser, ownContexts: _ownContexts }, use, testInfo) => {
      const watched = new Map<Page, Watched>();
      const findings: string[] = [];
      const started = Date.now();
      const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      let running = true;
      // Wakes the loop from its wait between rounds when the test ends, so the test ends on time.
      let wake = () => {};

      const watchOne = async (page: Page, state: Watched) => {
        const asked = Date.now();
        const probe = await drawsAFrame(page);
        // A page too busy to answer is not judged on its drawing: its scripts hold it, not the browser.
        if (probe === 'no-answer') return;
        if (probe !== 'no-frame') {
          state.misses = 0;
          state.since = undefined;
          return;
        }
        state.misses += 1;
        state.since ??= asked;
        if (state.misses < MISSES_FOR_STALL || state.stalled) return;
        state.stalled = true;
        const quiet = ((Date.now() - state.since) / 1000).toFixed(0);
        const what = `${page.url()}: no frame for ${quiet} s at ${at()} into the test`;
        const mended = await nudge(page);
        if (mended) Object.assign(state, { misses: 0, since: undefined, stalled: false });
        findings.push(
          mended
            ? `${what}; drew again after ${mended}`
            : `${what}; still no frame after a screenshot and a one-pixel resize`,
        );
      };

      const loop = (async () => {
        while (running) {
          const round = openPages(browser).map((page) => {
            let state = watched.get(page);
            if (!state) watched.set(page, (state = { misses: 0, stalled: false }));
            return watchOne(page, state);
          });
          const pause = new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, PROBE_EVERY_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          await Promise.all([...round, pause]);
        }
      })();

      await use();
      running = false;
      wake();
      await loop;

      const report = (type: string, description: string) => {
        testInfo.annotations.push({ type, description });
        console.warn(`[${type}] ${testInfo.titlePath.join(' › ')}: ${description}`);
      };
      for (const description of findings) report('browser-stall', description);
      if (testInfo.status !== testInfo.expectedStatus) {
        // Whether each page still draws when the test fails: one that does not is the browser's fault.
        for (const page of openPages(browser)) {
          const probe = await drawsAFrame(page);
          const says = { frame: 'draws', 'no-frame': 'draws no frame', 'no-answer': 'does not answer', gone: '' }[
            probe
          ];
          if (says) report('drawing-at-failure', `${page.url()}: ${says}`);
        }
      }
    },
    { auto: true },
  ],
});
