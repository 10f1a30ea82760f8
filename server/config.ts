import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { AUTH_RATE_LIMIT, REGISTRATION_RATE_LIMIT } from '@shared/constants.js';

/** The only reader of process.env. Everything else receives a Config. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NDA Workspace <no-reply@nda.local>'),
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.perEmail),
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.perIp),
  RATE_LIMIT_REGISTRATIONS_PER_IP: z.coerce.number().int().positive().default(REGISTRATION_RATE_LIMIT.perIp),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  GOTENBERG_URL: z.string().url().optional(),
  SIGNING_P12_PATH: z.string().optional(),
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  SOFFICE_PATH: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  NOTIFY_DIGEST_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  secrets: { access: string; refresh: string };
  logLevel: string;
  trustProxy: boolean;
  devMailbox: boolean;
  converter: { gotenbergUrl?: string; sofficePath?: string };
  /** The P12 that seals signed NDAs; generated under DATA_DIR when not given. */
  signing: { p12Path?: string; passphrase?: string };
  /** Files go to this S3-compatible bucket when set, else under DATA_DIR/blobs. */
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /** Milliseconds between outbox polls; tests shorten it. */
  outboxPollMs: number;
  /** How long notification e-mails gather moves before one e-mail goes to a person. */
  notifyDigestSeconds: number;
  /** Milliseconds between looks for digests that are due; tests shorten it. */
  notifyPollMs: number;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /** Failed logins, password reset requests and account deletions per e-mail and per IP. */
  rateLimit: { perEmail: number; perIp: number; windowMs: number };
  /** Owner sign-ups per IP. */
  registrationLimit: { perIp: number; windowMs: number };
};

/** Secrets not given by configuration are generated once and kept under DATA_DIR. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const value = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, value, { mode: 0o600 });
    return value;
  }
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
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    secrets: {
      access: e.JWT_ACCESS_SECRET ?? persistedSecret(dataDir, 'jwt-access'),
      refresh: e.JWT_REFRESH_SECRET ?? persistedSecret(dataDir, 'jwt-refresh'),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    devMailbox: e.DEV_MAILBOX ? e.DEV_MAILBOX === 'true' : e.NODE_ENV !== 'production',
    converter: { gotenbergUrl: e.GOTENBERG_URL, sofficePath: e.SOFFICE_PATH },
    signing: { p12Path: e.SIGNING_P12_PATH, passphrase: e.SIGNING_P12_PASSPHRASE },
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
    notifyDigestSeconds: e.NOTIFY_DIGEST_SECONDS,
    notifyPollMs: 5000,
    accessTokenTtlSec: 15 * 60,
    refreshTokenTtlSec: 24 * 60 * 60,
    rateLimit: { perEmail: e.RATE_LIMIT_PER_EMAIL, perIp: e.RATE_LIMIT_PER_IP, windowMs: AUTH_RATE_LIMIT.windowMs },
    registrationLimit: { perIp: e.RATE_LIMIT_REGISTRATIONS_PER_IP, windowMs: REGISTRATION_RATE_LIMIT.windowMs },
    ...overrides,
  };
}
