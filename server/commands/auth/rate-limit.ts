import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { CONTACT_MESSAGES } from '@shared/schemas/contact.js';
import { VERIFY_MESSAGES } from '@shared/verify.js';
import { AppError } from '@server/errors.js';

/**
 * What is limited: failed sign-ins per account and address, and the accounts an address fails on;
 * password reset requests and account deletions per e-mail and per IP; sign-ups and Contact us
 * messages, which each send an e-mail, per IP; files checked on the public verify page, per IP.
 */
export type RateLimited =
  | { scope: 'login' | 'password_reset' | 'delete_account'; email: string; ip: string }
  | { scope: 'registration'; ip: string }
  | { scope: 'contact'; ip: string }
  | { scope: 'verify'; ip: string };

/** The rows an attempt added; a caller that counts only failures forgets them on success. */
export interface Attempt {
  ids: number[];
}

interface Rule {
  /** Attempts recorded under each key, and at most how many a window may hold. */
  limits: Record<string, number>;
  /** At most `max` different keys starting with `prefix` in a window (different accounts from one address). */
  distinct?: { prefix: string; max: number };
  windowMs: number;
  message: string;
}

function rule(core: Core, limited: RateLimited): Rule {
  if (limited.scope === 'verify') {
    const { perIp, windowMs } = core.config.verifyLimit;
    return { limits: { [`ip:${limited.ip}`]: perIp }, windowMs, message: VERIFY_MESSAGES.tooMany };
  }
  if (limited.scope === 'registration' || limited.scope === 'contact') {
    const contact = limited.scope === 'contact';
    const { perIp, windowMs } = contact ? core.config.contactLimit : core.config.registrationLimit;
    const message = contact ? CONTACT_MESSAGES.tooMany : AUTH_MESSAGES.tooManyRegistrations;
    return { limits: { [`ip:${limited.ip}`]: perIp }, windowMs, message };
  }
  const { perEmail, perIp, windowMs } = core.config.rateLimit;
  if (limited.scope === 'login') {
    // Guesses at one account slow down the address they come from, not the account: its owner still
    // signs in from anywhere else. An address failing on many accounts (credential stuffing) is
    // stopped for every account; one person mistyping behind an office's shared address counts once.
    const prefix = `pair:${limited.ip} `;
    return {
      limits: { [prefix + limited.email]: perEmail },
      distinct: { prefix, max: perIp },
      windowMs,
      message: AUTH_MESSAGES.tooManyAttempts,
    };
  }
  return {
    limits: { [`email:${limited.email}`]: perEmail, [`ip:${limited.ip}`]: perIp },
    windowMs,
    message: AUTH_MESSAGES.tooManyAttempts,
  };
}

/**
 * Counts attempts in the database, so the limit holds across server processes. The attempt is
 * recorded before the caller's work, so parallel requests count each other; over the limit for any of
 * its keys the call answers 429 with Retry-After.
 */
export async function enforceRateLimit(core: Core, limited: RateLimited): Promise<Attempt> {
  const { limits, distinct, windowMs, message } = rule(core, limited);
  const { scope } = limited;
  const keys = Object.keys(limits);
  const since = new Date(Date.now() - windowMs);
  const counts = await core.db
    .selectFrom('authAttempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('scope', '=', scope)
    .where('key', 'in', keys)
    .where('createdAt', '>', since)
    .groupBy('key')
    .execute();
  const n = (key: string) => Number(counts.find((c) => c.key === key)?.n ?? 0);
  let over = keys.some((key) => n(key) >= limits[key]!);
  if (!over && distinct) {
    const row = await core.db
      .selectFrom('authAttempts')
      .select((eb) => eb.fn.count<number>('key').distinct().as('n'))
      .where('scope', '=', scope)
      .where(sql<string>`substr(key, 1, ${distinct.prefix.length})`, '=', distinct.prefix)
      .where('createdAt', '>', since)
      .executeTakeFirst();
    over = Number(row?.n ?? 0) >= distinct.max;
  }
  if (over) {
    throw new AppError(
      'rate_limited',
      'rate_limited',
      { detail: message },
      { 'Retry-After': String(Math.ceil(windowMs / 1000)) },
    );
  }
  const rows = await core.db
    .insertInto('authAttempts')
    .values(keys.map((key) => ({ scope, key })))
    .returning('id')
    .execute();
  // Old attempts are worthless; trimming here keeps the table small without a scheduler.
  await core.db
    .deleteFrom('authAttempts')
    .where('scope', '=', scope)
    .where('createdAt', '<', new Date(Date.now() - 10 * windowMs))
    .execute();
  return { ids: rows.map((r) => r.id) };
}

/** Takes back an attempt that succeeded: a person signing in often, or an office behind one IP, is no attacker. */
export async function forgetAttempt(core: Core, attempt: Attempt): Promise<void> {
  if (attempt.ids.length) await core.db.deleteFrom('authAttempts').where('id', 'in', attempt.ids).execute();
}
