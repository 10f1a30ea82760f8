import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, ResolvedConfig } from './config.js';
import { connectDatabase, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { transaction, type Tx } from './db/transaction.js';
import { type BlobStore, LocalBlobStore, S3BlobStore } from './services/blob-store.js';
import { Publisher } from './realtime/publisher.js';
import { tokenSecrets } from './services/app-secrets.js';
import { createConverter, type DocumentConverter } from './services/converter.js';
import { loadSigningKey, type SigningKey } from './services/signing/signing-key.js';
import { SigningPool } from './services/signing/signing-pool.js';
import { WatermarkPool } from './services/watermark/watermark-pool.js';
import { MailOutbox } from './processors/mail-outbox.js';
import { NotificationDigest } from './processors/notification-digest.js';
import { SealBacklog } from './processors/seal-backlog.js';
import { announceSealed } from './commands/signing/announce-sealed.js';
import { createTransport } from './services/mailer.js';
import { PasswordHasher } from './services/passwords.js';
import { TokenService } from './services/tokens.js';
import { type BillingProviders, createBillingProviders } from './services/billing/index.js';
import { loadCatalogue, seedCatalogue } from './services/billing/catalogue.js';
import { createStripeProvider } from './services/billing/stripe-provider.js';

/** What commands and queries work with: configuration, database, tokens and after-commit processors. */
export interface Core {
  config: ResolvedConfig;
  /** On PostgreSQL: several server processes may share the database (and the socket.io adapter). */
  sharedDatabase: boolean;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenService;
  passwords: PasswordHasher;
  outbox: MailOutbox;
  /** Sends the queued notifications as one e-mail per person and window. */
  digest: NotificationDigest;
  /** Signed NDAs waiting for a timestamp authority before they are sealed. */
  seals: SealBacklog;
  blobs: BlobStore;
  realtime: Publisher;
  converter: DocumentConverter;
  signing: SigningPool;
  /** Stamps deal documents for the bidders who fetch them. */
  watermarks: WatermarkPool;
  /** The payment providers: the one new checkouts use, and each subscription's own. */
  billing: BillingProviders;
  /** Runs fn in a transaction whose after-commit callbacks are logged when they fail. */
  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createCore(config: Config, log: FastifyBaseLogger): Promise<Core> {
  // DATABASE_URL is a postgres:// URL, 'memory://' (an in-memory PGlite, for tests) or unset (PGlite under DATA_DIR).
  const url = config.databaseUrl;
  const sharedDatabase = !!url && /^postgres(ql)?:/.test(url);
  const db = await connectDatabase(
    sharedDatabase
      ? { databaseUrl: url, onIdleError: (err) => log.warn({ err: err.message }, 'idle database connection lost') }
      : { pgliteDir: url ?? path.join(config.dataDir, 'pglite') },
  );
  await migrateToLatest(db);
  // The catalogue of plans and prices is written from configuration at every boot.
  await seedCatalogue(db, loadCatalogue(config.billing.catalogueFile));
  const resolved: ResolvedConfig = { ...config, secrets: await tokenSecrets(config, db, sharedDatabase) };
  const transport = createTransport(config.smtpUrl);
  const outbox = new MailOutbox(db, transport, config.mailFrom, log, config.outboxPollMs);
  const tokens = new TokenService(resolved.secrets, config.accessTokenTtlSec);
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
  // The seal's key is loaded (or generated) once, when the server warms the signing worker up after
  // it starts listening (server/main.ts) or at the first signature, whichever comes first.
  let key: Promise<SigningKey> | null = null;
  const signing = new SigningPool(
    () => {
      key ??= loadSigningKey({
        p12Path: config.signing.p12Path,
        passphrase: config.signing.passphrase,
        dataDir: config.dataDir,
        organisation: 'NDA Workspace',
        db,
        shared: sharedDatabase,
      }).catch((err: unknown) => {
        key = null;
        throw err;
      });
      return key;
    },
    undefined,
    config.signing.tsaUrls,
  );
  const seals = new SealBacklog(db, signing, blobs, log, config.sealPollMs);
  const core: Core = {
    config: resolved,
    sharedDatabase,
    db,
    log,
    tokens,
    passwords: new PasswordHasher(config.passwordHashCost),
    outbox,
    digest,
    blobs,
    realtime,
    converter: createConverter(config.converter),
    signing,
    watermarks: new WatermarkPool(),
    seals,
    billing: createBillingProviders(config, createStripeProvider),
    tx: (fn) => transaction(db, fn, (err) => log.error({ err }, 'after-commit side effect failed')),
    async close() {
      await digest.stop();
      await outbox.stop();
      await seals.stop();
      await signing.close();
      await core.watermarks.close();
      if ('close' in transport && typeof transport.close === 'function') transport.close();
      await db.destroy();
    },
  };
  seals.onSealed((tx, ndaId) => announceSealed(core, tx, ndaId));
  return core;
}
