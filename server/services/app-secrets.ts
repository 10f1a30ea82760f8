import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config, Secrets } from '../config.js';
import type { Db } from '../db/connect.js';

/**
 * Secrets a deployment generates for itself when configuration gives none. On PostgreSQL they are
 * kept in the database (table app_secrets), so every server process of the deployment uses the same;
 * the embedded database (one process) keeps them under DATA_DIR/secrets.
 */

export function randomSecret(): string {
  return crypto.randomBytes(48).toString('base64url');
}

/** A secret kept in a file under DATA_DIR/secrets; null when there is none. */
export function secretFile(dataDir: string, name: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, 'secrets', name), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The secret of that name under DATA_DIR/secrets, written there first when missing. */
export function fileSecret(dataDir: string, name: string, make: () => string = randomSecret): string {
  const existing = secretFile(dataDir, name);
  if (existing) return existing;
  const file = path.join(dataDir, 'secrets', name);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = make();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/**
 * The secret of that name in the database, stored first when missing. Processes starting at once may
 * each make a candidate, but only the first insert is kept (the others do nothing on the conflict
 * and wait for it to commit), and every process reads back the one stored.
 */
export async function databaseSecret(db: Db, name: string, make: () => string | Promise<string>): Promise<string> {
  const read = () => db.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('appSecrets')
    .values({ name, value: await make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`The secret ${name} could not be stored in the database.`);
  return stored.value;
}

/**
 * The token keys: as configured, or generated once. On PostgreSQL a key an earlier version kept under
 * DATA_DIR/secrets becomes the stored one, so sessions survive the move.
 */
export async function tokenSecrets(
  config: Pick<Config, 'secrets' | 'dataDir'>,
  db: Db,
  shared: boolean,
): Promise<Secrets> {
  const one = async (given: string | undefined, name: string) =>
    given ??
    (shared
      ? databaseSecret(db, name, () => secretFile(config.dataDir, name) ?? randomSecret())
      : fileSecret(config.dataDir, name));
  const [access, refresh] = await Promise.all([
    one(config.secrets.access, 'jwt-access'),
    one(config.secrets.refresh, 'jwt-refresh'),
  ]);
  return { access, refresh };
}
