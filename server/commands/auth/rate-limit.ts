import type { Core } from '@server/core.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { AppError } from '@server/errors.js';

/**
 * Counts attempts in the database, so the limit holds across server processes. Every attempt
 * counts; over the limit for the e-mail or the IP the call answers 429 with Retry-After.
 */
export async function enforceRateLimit(
  core: Core,
  { scope, email, ip }: { scope: 'login' | 'password_reset' | 'delete_account'; email: string; ip: string },
): Promise<void> {
  const { perEmail, perIp, windowMs } = core.config.rateLimit;
  const since = new Date(Date.now() - windowMs);
  const keys = [`email:${email}`, `ip:${ip}`];
  const counts = await core.db
    .selectFrom('authAttempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('scope', '=', scope)
    .where('key', 'in', keys)
    .where('createdAt', '>', since)
    .groupBy('key')
    .execute();
  const n = (key: string) => Number(counts.find((c) => c.key === key)?.n ?? 0);
  if (n(keys[0]!) >= perEmail || n(keys[1]!) >= perIp) {
    throw new AppError(
      'rate_limited',
      { detail: AUTH_MESSAGES.tooManyAttempts },
      { 'Retry-After': String(Math.ceil(windowMs / 1000)) },
    );
  }
  await core.db
    .insertInto('authAttempts')
    .values(keys.map((key) => ({ scope, key })))
    .execute();
  // Old attempts are worthless; trimming here keeps the table small without a scheduler.
  await core.db
    .deleteFrom('authAttempts')
    .where('createdAt', '<', new Date(Date.now() - 10 * windowMs))
    .execute();
}
