import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT) || 3107;
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * With TEST_DATABASE_URL (CI sets it when PostgreSQL answers) the e2e server runs on a PostgreSQL
 * database of its own, named here once (workers load this file again and inherit the name), created
 * and dropped by scripts/e2e-server.mjs. Tests that change the database behind the server's back
 * (scripts/grant-extras.ts) read it from E2E_DATABASE_URL and are skipped without it.
 */
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/nda_e2e_${process.pid}_${Date.now().toString(36)}`;
  process.env.E2E_DATABASE_URL = url.toString();
  process.env.E2E_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_URL;
}

/**
 * End-to-end tests against the real server and the built client (`npm run build` first; the
 * test:e2e script does it). scripts/e2e-server.mjs gives the server a fresh data directory (PGlite on
 * disk, or the PostgreSQL database above) every run and removes it afterwards. E2E_PORT moves the
 * server off 3107.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Two spec files at a time (one per core; tests of a file run in order). Each test makes its own
  // accounts and deals, so specs share the one server without seeing each other's data.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  // A busy two-core machine (another test run beside this one) answers a click in seconds, not ms.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]] : 'list',
  use: {
    baseURL,
    // The browser asks for reduced motion, which the app honours (client/src/app/theme.ts): a dialog is
    // where it will stay as soon as it shows. With motion, a busy machine can leave a dialog still
    // at the start of its entrance, transparent and offset, long enough for a click to be aimed at a
    // button that then moves away. The landing page's tests of its own motion turn it back on.
    reducedMotion: 'reduce',
    headless: true,
    // A failing test keeps its trace: its actions, network (socket frames too) and console. The DOM
    // snapshots and screencast a full trace adds cost a quarter of the suite's CPU on two cores; for
    // them, run with `--trace retain-on-failure`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    // A click or a fill on something that never appears fails in a minute instead of running out the
    // test's own (long, for the accessibility sweep) time.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Boot (migrations, first compile) can take a minute on a busy two-core machine.
    timeout: 180_000,
    // A graceful stop lets the script remove the run's data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // The server's warnings and errors (LOG_LEVEL below) print beside the failing test they explain.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The smallest argon2id cost (allowed with NODE_ENV=test only): the suite makes many users.
      PASSWORD_HASH_COST: 'test',
      // Every e2e user signs in from 127.0.0.1: the per-IP login limit would trip a long suite.
      RATE_LIMIT_PER_IP: '500',
      RATE_LIMIT_REGISTRATIONS_PER_IP: '500',
      // Notification e-mails gather moves for a few seconds, not two minutes, so a journey can read them.
      NOTIFY_DIGEST_SECONDS: '3',
    },
  },
});
