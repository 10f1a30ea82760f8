import type { Transaction } from 'kysely';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

export type AfterCommit = () => void | Promise<void>;

/** A unit of work: the transaction and a place to register side effects that run once it commits. */
export interface Tx {
  db: Transaction<Database>;
  afterCommit(fn: AfterCommit): void;
}

/**
 * Runs fn in one transaction; callbacks registered with afterCommit run after a successful commit
 * (never inside it: no network, PDF work or socket emits while a transaction holds locks).
 */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, onError?: (err: unknown) => void): Promise<T> {
  const callbacks: AfterCommit[] = [];
  const result = await db.transaction().execute((trx) => fn({ db: trx, afterCommit: (cb) => callbacks.push(cb) }));
  for (const cb of callbacks) {
    try {
      await cb();
    } catch (err) {
      onError?.(err);
    }
  }
  return result;
}
