import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { connectDatabase, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { transaction, type Tx } from './db/transaction.js';
import { type BlobStore, LocalBlobStore, S3BlobStore } from './services/blob-store.js';
import { Publisher } from './realtime/publisher.js';
import { createConverter, type DocumentConverter } from './services/converter.js';
import { loadSigningKey, type SigningKey } from './services/signing/signing-key.js';
import { SigningPool } from './services/signing/signing-pool.js';
import { MailOutbox } from './processors/mail-outbox.js';
import { NotificationDigest } from './processors/notification-digest.js';
import { createTransport } from './services/mailer.js';
import { TokenService } from './services/tokens.js';

/** What commands and queries work with: configuration, database, tokens and after-commit processors. */
export interface Core {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenService;
  outbox: MailOutbox;
  /** Sends the queued notifications as one e-mail per person and window. */
  digest: NotificationDigest;
  blobs: BlobStore;
  realtime: Publisher;
  converter: DocumentConverter;
  signing: SigningPool;
  /** Runs fn in a transaction whose after-commit callbacks are logged when they fail. */
  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createCore(config: Config, log: FastifyBaseLogger): Promise<Core> {
  // DATABASE_URL is a postgres:// URL, 'memory://' (an in-memory PGlite, for tests) or unset (PGlite under DATA_DIR).
  const url = config.databaseUrl;
  const db = await connectDatabase(
    url && /^postgres(ql)?:/.test(url)
      ? { databaseUrl: url, onIdleError: (err) => log.warn({ err: err.message }, 'idle database connection lost') }
      : { pgliteDir: url ?? path.join(config.dataDir, 'pglite') },
  );
  await migrateToLatest(db);
  const transport = createTransport(config.smtpUrl);
  const outbox = new MailOutbox(db, transport, config.mailFrom, log, config.outboxPollMs);
  const tokens = new TokenService(config.secrets, config.accessTokenTtlSec);
  const realtime = new Publisher();
  const digest = new NotificationDigest({
    db,
    outbox,
    realtime,
    tokens,
    log,
    appUrl: config.appUrl,
    windowSeconds: config.notifyDigestSeconds,
    pollMs: config.notifyPollMs,
  });
  const blobs = config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  // The seal's key is loaded (or generated) on the first signature, not at every start.
  let key: SigningKey | null = null;
  const signing = new SigningPool(
    () => (key ??= loadSigningKey({ ...config.signing, dataDir: config.dataDir, organisation: 'NDA Workspace' })),
  );
  return {
    config,
    db,
    log,
    tokens,
    outbox,
    digest,
    blobs,
    realtime,
    converter: createConverter(config.converter),
    signing,
    tx: (fn) => transaction(db, fn, (err) => log.error({ err }, 'after-commit side effect failed')),
    async close() {
      await digest.stop();
      await outbox.stop();
      await signing.close();
      if ('close' in transport && typeof transport.close === 'function') transport.close();
      await db.destroy();
    },
  };
}
