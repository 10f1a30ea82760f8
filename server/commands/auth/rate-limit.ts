import type { Core } from '@server/core.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { CONTACT_MESSAGES } from '@shared/schemas/contact.js';
import { AppError } from '@server/errors.js';

/**
 * What is limited: password guesses (login, password reset, account deletion) per e-mail and per IP,
 * and sign-ups and Contact us messages, which each send an e-mail, per IP.
 */
export type RateLimited =
  | { scope: 'login' | 'password_reset' | 'delete_account'; email: string; ip: string }
  | { scope: 'registration'; ip: string }
  | { scope: 'contact'; ip: string };

/** The rows an attempt added; a caller that counts only failures forgets them on success. */
export interface Attempt {
  ids: number[];
}

function rule(core: Core, limited: RateLimited) {
  if (limited.scope === 'registration' || limited.scope === 'contact') {
    const contact = limited.scope === 'contact';
    const { perIp, windowMs } = contact ? core.config.contactLimit : core.config.registrationLimit;
    const message = contact ? CONTACT_MESSAGES.tooMany : AUTH_MESSAGES.tooManyRegistrations;
    return { limits: { [`ip:${limited.ip}`]: perIp }, windowMs, message };
  }
  const { perEmail, perIp, windowMs } = core.config.rateLimit;
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
  const { limits, windowMs, message } = rule(core, limited);
  const { scope } = limited;
  const keys = Object.keys(limits);
  const counts = await core.db
    .selectFrom('authAttempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('scope', '=', scope)
    .where('key', 'in', keys)
    .where('createdAt', '>', new Date(Date.now() - windowMs))
    .groupBy('key')
    .execute();
  const n = (key: string) => Number(counts.find((c) => c.key === key)?.n ?? 0);
  if (keys.some((key) => n(key) >= limits[key]!)) {
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
