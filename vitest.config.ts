import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.config';

/**
 * Two projects: `unit` (pure code, no database: run once) and `integration` (the real server on a real
 * database: run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; .ci/run does both).
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three files at a time on two cores: many integration files spend their time waiting (server
    // processes starting, digests, restarts), and a third keeps the cores busy. On PostgreSQL the run
    // takes 142 s instead of 166; on PGlite, whose start-up is heavier, 145 s instead of 151.
    maxWorkers: 3,
    // A worker keeps the modules it loaded from one file to the next: importing the server again for
    // every file cost more than half of the run's CPU. Each file builds its own app and database, and
    // restores what it stubs.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // A migrated PGlite once per run; each test app opens a copy instead of creating a database.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
