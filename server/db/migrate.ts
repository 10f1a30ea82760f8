import { Migrator } from 'kysely/migration';
import { migrations } from '../../migrations/index.js';
import type { Db } from './connect.js';

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
