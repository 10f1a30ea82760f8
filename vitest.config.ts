import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // A migrated PGlite once per run; each test app opens a copy instead of creating a database.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: two files at a time keeps PGlite start-up and argon2 from starving each other.
    maxWorkers: 2,
  },
});
