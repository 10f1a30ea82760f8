import type { Tx } from '@server/db/transaction.js';
import type { Consent } from '@server/services/signing/types.js';

/**
 * A signatory's consent to sign electronically: ticked in the confirmation (`consent: true`), or, for a
 * call through the API without it, implied by the call itself, as the spec's contract keeps signing
 * without it working. Either way the time, IP and user agent are kept.
 */
export function consentOf(input: { consent?: boolean }, at: { at: Date; ip: string; userAgent: string }): Consent {
  return {
    at: at.at.toISOString(),
    via: input.consent ? 'confirmation' : 'api',
    ip: at.ip,
    userAgent: at.userAgent,
  };
}

/** Keeps the consent with the NDA, in the transaction that commits the signature. */
export async function recordConsent(
  tx: Tx,
  { ndaId, userId, side, consent }: { ndaId: number; userId: number; side: 'recipient' | 'sender'; consent: Consent },
): Promise<void> {
  await tx.db
    .insertInto('signingConsents')
    .values({
      ndaId,
      userId,
      side,
      via: consent.via,
      ip: consent.ip,
      userAgent: consent.userAgent,
      givenAt: consent.at,
    })
    .execute();
}
