import type { Kysely } from 'kysely';
import { openThreadsMessage, SIGNING_MESSAGES } from '@shared/signing.js';
import type { Database, NdaRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { groupPassedColumn } from '@server/policies/negotiation.js';
import { countOpenThreads } from '@server/queries/threads/open-threads.js';

/** What signing answers, and the checks every signature makes first and again under the NDA's lock. */

export interface SignResult {
  nda: number;
  /** Executed: signed by both sides. */
  isSigned: boolean;
  signedAt: string | null;
  signedBy: number | null;
  /** Signed by the bidder, the sending side's countersignature pending (manual countersignature). */
  recipientSignedAt: string | null;
}

export const signResult = (nda: NdaRow): SignResult => ({
  nda: nda.id,
  isSigned: nda.isSigned,
  signedAt: nda.signedAt?.toISOString() ?? null,
  signedBy: nda.signedById,
  recipientSignedAt: nda.recipientSignedAt?.toISOString() ?? null,
});

/**
 * A pass by any recipient of the group closes it: nobody of the group signs after it. The signer's own
 * pass and the group's are read in one statement, so a pass of their own that commits in between is
 * told as theirs. `lock` takes the signership's row lock, for the decision under the NDA's lock.
 */
export async function refusePassed(
  db: Kysely<Database>,
  { signershipId, branchId, lock }: { signershipId: number; branchId: number; lock: boolean },
): Promise<void> {
  const query = db
    .selectFrom('signerships')
    .select(['rejectedAt', groupPassedColumn(branchId).as('groupPassed')])
    .where('id', '=', signershipId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
  if (row.rejectedAt) throw AppError.nonField('opportunity_passed', SIGNING_MESSAGES.passed);
  if (row.groupPassed) throw AppError.nonField('opportunity_passed', SIGNING_MESSAGES.groupPassed);
}

/** Signing needs every thread settled: approved by both parties or rejected by both. */
export async function refuseOpenThreads(db: Kysely<Database>, ndaId: number): Promise<void> {
  const open = await countOpenThreads(db, ndaId);
  if (open > 0) throw AppError.nonField('thread_not_settled', openThreadsMessage(open));
}
