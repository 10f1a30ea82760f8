import path from 'node:path';
import { z } from 'zod';
import { isEmailAddress } from '@shared/email-address.js';
import { AUTH_RATE_LIMIT, CONTACT_RATE_LIMIT, REGISTRATION_RATE_LIMIT, VERIFY_RATE_LIMIT } from '@shared/constants.js';
import { SOCKET_LIMITS, type SocketLimits } from './realtime/message-limits.js';
import type { PasswordHashCost } from './services/passwords.js';

/** The only reader of process.env. Everything else receives a Config. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('nda'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NDA Workspace <no-reply@nda.local>'),
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.perEmail),
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.perIp),
  RATE_LIMIT_REGISTRATIONS_PER_IP: z.coerce.number().int().positive().default(REGISTRATION_RATE_LIMIT.perIp),
  RATE_LIMIT_CONTACT_PER_IP: z.coerce.number().int().positive().default(CONTACT_RATE_LIMIT.perIp),
  RATE_LIMIT_VERIFY_PER_IP: z.coerce.number().int().positive().default(VERIFY_RATE_LIMIT.perIp),
  CONTACT_EMAIL: z.string().refine(isEmailAddress, 'Invalid email format').default('sales@nda.local'),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  GOTENBERG_URL: z.string().url().optional(),
  SIGNING_P12_PATH: z.string().optional(),
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  SIGNING_TSA_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || v.split(',').every((url) => !url.trim() || /^https?:\/\/\S+$/.test(url.trim())),
      'Invalid URL: a comma-separated list of http(s) addresses',
    ),
  SOFFICE_PATH: z.string().optional(),
  DEAL_DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(2000).default(100),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  NOTIFY_DIGEST_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
  BILLING_CATALOGUE_FILE: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(255).default('Set INVOICE_SELLER_NAME to your legal name'),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(1024)
    .default('Set INVOICE_SELLER_ADDRESS to your registered address'),
  INVOICE_SELLER_VAT: z.string().trim().min(1).max(64).default('Set INVOICE_SELLER_VAT to your VAT number'),
  INVOICE_TAX_RATE: z.coerce.number().min(0).max(100).default(20),
});

export interface StripeConfig {
  secretKey: string;
  webhookSecret?: string;
  /** Another address for Stripe's API (a local Stripe-like server in tests). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Reads STRIPE_API_BASE (e.g. http://127.0.0.1:12111) into the stripe package's host, port and protocol. */
function stripeApi(base: string | undefined): StripeConfig['api'] {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export interface Secrets {
  access: string;
  refresh: string;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** With PostgreSQL: socket.io crosses processes through Redis streams instead of NOTIFY. */
  redis?: { url: string; keyPrefix: string };
  smtpUrl?: string;
  mailFrom: string;
  /** Where the landing page's Contact us messages are e-mailed (the sales team). */
  contactEmail: string;
  /**
   * The token keys given by configuration. Those not given are generated once for the deployment:
   * kept in the database on PostgreSQL, under DATA_DIR/secrets otherwise (server/services/app-secrets.ts).
   */
  secrets: Partial<Secrets>;
  logLevel: string;
  trustProxy: boolean;
  devMailbox: boolean;
  converter: { gotenbergUrl?: string; sofficePath?: string };
  /** The P12 that seals signed NDAs; generated under DATA_DIR when not given. */
  signing: {
    p12Path?: string;
    passphrase?: string;
    /** RFC 3161 timestamp authorities, tried in order: with any, seals carry a trusted time (B-T, B-LTA). */
    tsaUrls: string[];
  };
  /** The largest deal document accepted (DEAL_DOCUMENT_MAX_MB), streamed to the blob store; NDA files keep 3 MB. */
  dealDocumentMaxBytes: number;
  /** Files go to this S3-compatible bucket when set, else under DATA_DIR/blobs. */
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /** The built React app to serve; dist/client unless a test gives another. */
  clientDir?: string;
  /** Milliseconds between outbox polls; tests shorten it. */
  outboxPollMs: number;
  /** Milliseconds between looks for pending seals that are due for another try. */
  sealPollMs: number;
  /** How long notification e-mails gather moves before one e-mail goes to a person. */
  notifyDigestSeconds: number;
  /** Milliseconds between looks for digests that are due; tests shorten it. */
  notifyPollMs: number;
  /**
   * The NDA timetable (deadlines passing, reminders): its poll, and the clock it reads (tests set one).
   * Signing and a group's `expired` read the same clock, so a deadline passes for all of them at once.
   */
  timetable: { pollMs: number; now: () => Date };
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /** argon2id's cost: `test` (the smallest) only with NODE_ENV=test, so a test suite can make many users. */
  passwordHashCost: PasswordHashCost;
  /**
   * Failed logins per account and address (perEmail) and accounts failed on per address (perIp);
   * password reset requests and account deletions per e-mail and per IP. README "Rate limits".
   */
  rateLimit: { perEmail: number; perIp: number; windowMs: number };
  /** Owner sign-ups per IP. */
  registrationLimit: { perIp: number; windowMs: number };
  /** Contact us messages per IP. */
  contactLimit: { perIp: number; windowMs: number };
  /** Files checked on the public verify page (POST /api/v1/verify/) per IP. */
  verifyLimit: { perIp: number; windowMs: number };
  /** What each socket and each user may send (server/realtime/message-limits.ts). */
  socketLimits: SocketLimits;
  billing: {
    /** A JSON catalogue replacing the default one (server/services/billing/catalogue.ts). */
    catalogueFile?: string;
    /** Payments through Stripe when set; else the built-in checkout. */
    stripe?: StripeConfig;
    /** Milliseconds between looks for built-in subscriptions whose period ended; tests shorten it. */
    periodPollMs: number;
  };
  /** Who issues the invoices, as each invoice states it, and the tax rate included in every price. */
  invoices: InvoiceIssuer;
};

export interface InvoiceIssuer {
  sellerName: string;
  /** Lines separated by newlines (written `\n` in the variable). */
  sellerAddress: string;
  sellerVat: string;
  /** Hundredths of a percent: 2000 is 20 %. */
  taxRateBp: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  // Outside production the server listens to this machine only unless told otherwise.
  const host = overrides.host ?? e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  const config: Config = {
    env: e.NODE_ENV,
    port,
    host,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    secrets: { access: e.JWT_ACCESS_SECRET, refresh: e.JWT_REFRESH_SECRET },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    devMailbox: e.DEV_MAILBOX ? e.DEV_MAILBOX === 'true' : e.NODE_ENV !== 'production' && isLoopbackHost(host),
    converter: { gotenbergUrl: e.GOTENBERG_URL, sofficePath: e.SOFFICE_PATH },
    signing: {
      p12Path: e.SIGNING_P12_PATH,
      passphrase: e.SIGNING_P12_PASSPHRASE,
      tsaUrls: (e.SIGNING_TSA_URL ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    outboxPollMs: 1000,
    sealPollMs: 15_000,
    notifyDigestSeconds: e.NOTIFY_DIGEST_SECONDS,
    notifyPollMs: 5000,
    timetable: { pollMs: 60_000, now: () => new Date() },
    dealDocumentMaxBytes: e.DEAL_DOCUMENT_MAX_MB * 1024 * 1024,
    accessTokenTtlSec: 15 * 60,
    refreshTokenTtlSec: 24 * 60 * 60,
    rateLimit: { perEmail: e.RATE_LIMIT_PER_EMAIL, perIp: e.RATE_LIMIT_PER_IP, windowMs: AUTH_RATE_LIMIT.windowMs },
    registrationLimit: { perIp: e.RATE_LIMIT_REGISTRATIONS_PER_IP, windowMs: REGISTRATION_RATE_LIMIT.windowMs },
    contactLimit: { perIp: e.RATE_LIMIT_CONTACT_PER_IP, windowMs: CONTACT_RATE_LIMIT.windowMs },
    verifyLimit: { perIp: e.RATE_LIMIT_VERIFY_PER_IP, windowMs: VERIFY_RATE_LIMIT.windowMs },
    socketLimits: SOCKET_LIMITS,
    billing: {
      catalogueFile: e.BILLING_CATALOGUE_FILE || undefined,
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
            api: stripeApi(e.STRIPE_API_BASE),
          }
        : undefined,
      periodPollMs: 60_000,
    },
    invoices: {
      sellerName: e.INVOICE_SELLER_NAME,
      sellerAddress: e.INVOICE_SELLER_ADDRESS.replaceAll('\\n', '\n'),
      sellerVat: e.INVOICE_SELLER_VAT,
      taxRateBp: Math.round(e.INVOICE_TAX_RATE * 100),
    },
    passwordHashCost: e.PASSWORD_HASH_COST,
    ...overrides,
  };
  if (config.passwordHashCost === 'test' && config.env !== 'test')
    throw new Error('Invalid configuration:\n  PASSWORD_HASH_COST: "test" is allowed only with NODE_ENV=test');
  return config;
}

/** Whether the server listens on this machine's loopback interface only (no other machine can reach it). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

/**
 * The warning the server logs at start when the dev mailbox, whose links reset passwords, is on while
 * the server listens beyond this machine (DEV_MAILBOX=true); null otherwise.
 */
export function devMailboxWarning(config: Pick<Config, 'devMailbox' | 'host'>): string | null {
  if (!config.devMailbox || isLoopbackHost(config.host)) return null;
  return `DEV_MAILBOX=true while listening on ${config.host}: /dev/mailbox answers loopback requests only, but turn it off on any shared machine`;
}

/** The configuration as the running server has it: every secret known, given or generated. */
export type ResolvedConfig = Config & { secrets: Secrets };
