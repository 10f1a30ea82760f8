import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import { transaction, type Tx } from '../db/transaction.js';
import type { BlobStore } from '../services/blob-store.js';
import type { SigningPool } from '../services/signing/signing-pool.js';
import { randomToken, sha256 } from '../services/tokens.js';
import { PollingWorker } from './polling-worker.js';

const BATCH = 5;
/** A claimed row is retried by another process once its lease lapses (a crash mid-seal). */
const LEASE_SECONDS = 300;
/** The longest wait between two tries: a seal is never given up. */
const MAX_BACKOFF_SECONDS = 3600;

/**
 * Seals the signed NDAs a timestamp authority left waiting. The signing command keeps the parties'
 * signatures and the prepared file, marks the NDA seal_pending and queues a row in its transaction
 * (queue); a pass claims due rows under a lease (FOR UPDATE SKIP LOCKED, so several processes never
 * seal one NDA twice), seals outside any transaction, then swaps the NDA's file for the sealed one.
 * A failed try waits longer each time (backoff, at most an hour). What follows a seal (the signed
 * copy's e-mail, the live update) is given by onSealed and runs in the swap's transaction.
 */
export class SealBacklog extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly signing: SigningPool,
    private readonly blobs: BlobStore,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super({ ms: pollMs, log, failure: 'seal backlog pass failed' }, false);
  }

  private sealed: (tx: Tx, ndaId: number) => Promise<void> = async () => undefined;

  /** What follows once an NDA is sealed, in the transaction that swaps its sealed file in. */
  onSealed(fn: (tx: Tx, ndaId: number) => Promise<void>): void {
    this.sealed = fn;
  }

  /** Queues the NDA's prepared file for sealing, in the transaction that records its signature. */
  async queue(tx: Tx, ndaId: number, fileKey: string): Promise<void> {
    await tx.db.insertInto('pendingSeals').values({ ndaId, fileKey }).execute();
    tx.afterCommit(() => this.kick());
  }

  /** How many signed NDAs wait for their seal. */
  async size(): Promise<number> {
    const row = await this.db
      .selectFrom('pendingSeals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  protected async pass(): Promise<void> {
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return;
      for (const row of rows) await this.seal(row);
      if (this.stopped) return;
    }
  }

  private async claim() {
    const result = await sql<{ id: number; ndaId: number; fileKey: string; attempts: number }>`
      update pending_seals
         set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (
         select id from pending_seals
          where next_attempt_at <= now()
          order by id limit ${BATCH}
          for update skip locked)
      returning id, nda_id, file_key, attempts`.execute(this.db);
    return result.rows;
  }

  private async seal(row: { id: number; ndaId: number; fileKey: string; attempts: number }): Promise<void> {
    const prepared = await this.blobs.get(row.fileKey);
    if (!prepared) {
      this.log.error({ ndaId: row.ndaId, fileKey: row.fileKey }, 'the prepared file of a pending seal is missing');
      await this.retryLater(row, 'the prepared file is missing');
      return;
    }
    const outcome = await this.signing.seal(prepared.body).catch((err: Error) => ({
      pdf: null,
      sealed: false,
      failure: err.message,
    }));
    if (!outcome.sealed || !outcome.pdf) {
      await this.retryLater(row, outcome.failure ?? 'not sealed');
      return;
    }
    const key = `ndas/${row.ndaId}/signed-${randomToken(9)}.pdf`;
    await this.blobs.put(key, outcome.pdf, 'application/pdf');
    const pdf = outcome.pdf;
    const swapped = await transaction(
      this.db,
      async (tx) => {
        const updated = await tx.db
          .updateTable('ndas')
          .set({ signedFileKey: key, signedSha256: sha256(pdf), sealPending: false, updatedAt: new Date() })
          .where('id', '=', row.ndaId)
          .where('signedFileKey', '=', row.fileKey)
          .executeTakeFirst();
        await tx.db.deleteFrom('pendingSeals').where('id', '=', row.id).execute();
        const done = Number(updated.numUpdatedRows) > 0;
        if (done) await this.sealed(tx, row.ndaId);
        return done;
      },
      (err) => this.log.error({ err, ndaId: row.ndaId }, 'after-commit side effect of a seal failed'),
    );
    await this.blobs.delete(swapped ? row.fileKey : key);
    this.log.info({ ndaId: row.ndaId, attempts: row.attempts, backlog: await this.size() }, 'pending seal sealed');
  }

  private async retryLater(row: { id: number; ndaId: number; attempts: number }, failure: string): Promise<void> {
    const backoff = Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.min(row.attempts - 1, 12));
    await this.db
      .updateTable('pendingSeals')
      .set({ lastError: failure.slice(0, 1000), nextAttemptAt: new Date(Date.now() + backoff * 1000) })
      .where('id', '=', row.id)
      .execute();
    this.log.warn(
      { ndaId: row.ndaId, attempts: row.attempts, retryInSeconds: backoff, backlog: await this.size(), err: failure },
      'seal pending: no timestamp authority answered',
    );
  }
}
