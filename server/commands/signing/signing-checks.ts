import type { Kysely } from 'kysely';
import type { NdaDto } from '@shared/dto.js';
import { SIGNATURE_FIELD_MESSAGES } from '@shared/schemas/signature-fields.js';
import { openThreadsMessage, SIGNING_MESSAGES } from '@shared/signing.js';
import { deadlinePassed, TIMETABLE_MESSAGES } from '@shared/timetable.js';
import type { Core } from '@server/core.js';
import type { Database, NdaRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { groupPassedColumn } from '@server/policies/negotiation.js';
import { presentNda } from '@server/presenters/nda.js';
import { readSignatureFields } from '@server/queries/ndas/signature-fields.js';
import { countOpenThreads } from '@server/queries/threads/open-threads.js';
import type { SignedNdaInput, TimelineEntry } from '@server/services/signing/types.js';
import { randomToken, sha256 } from '@server/services/tokens.js';

/** What signing answers, and the checks every signature makes first and again under the NDA's lock. */

/**
 * What signing and countersigning answer: the NDA as the NDA read presents it (isSigned: executed, signed
 * by both sides; recipientSignedAt: signed by the bidder, the countersignature pending), with `nda`, its
 * id, as the calls answered it first.
 */
export type SignResult = NdaDto & { nda: number };

export const signResult = (nda: NdaRow): SignResult => ({ ...presentNda(nda), nda: nda.id });

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

/** An unsigned NDA cannot be signed once its group's deadline (its own, else the project's) is reached. */
export async function refuseExpired(db: Kysely<Database>, branchId: number, now: Date): Promise<void> {
  const { deadline } = await db
    .selectFrom('projectBranches')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .select((eb) => eb.fn.coalesce('projectBranches.ndaDeadline', 'projects.ndaDeadline').as('deadline'))
    .where('projectBranches.id', '=', branchId)
    .executeTakeFirstOrThrow();
  if (deadline && deadlinePassed(deadline, now))
    throw AppError.nonField('nda_expired', TIMETABLE_MESSAGES.expired(deadline));
}

/** Signing needs every thread settled: approved by both parties or rejected by both. */
export async function refuseOpenThreads(db: Kysely<Database>, ndaId: number): Promise<void> {
  const open = await countOpenThreads(db, ndaId);
  if (open > 0) throw AppError.nonField('thread_not_settled', openThreadsMessage(open));
}

/**
 * A party signs only what they opened: the signer signing, and the sending side's countersignatory.
 * Their first read of the NDA's document (the NDA page's call, GET .../get_nda_pdf/) records
 * nda_opened (commands/ndas/record-nda-opened.ts).
 */
export async function refuseUnopened(db: Kysely<Database>, { ndaId, userId }: { ndaId: number; userId: number }) {
  const opened = await db
    .selectFrom('events')
    .select('id')
    .where('ndaId', '=', ndaId)
    .where('authorId', '=', userId)
    .where('status', '=', 'nda_opened')
    .executeTakeFirst();
  if (!opened) throw AppError.nonField('nda_not_opened', SIGNING_MESSAGES.notOpened);
}

/** The NDA's row under its lock: every signature, recall, pass and thread change takes it first. */
export function lockNda(tx: Tx, ndaId: number): Promise<NdaRow> {
  return tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).forUpdate().executeTakeFirstOrThrow();
}

/** The fields filled in the PDF must be the NDA's fields now (they change under the NDA's lock). */
export async function refuseChangedFields(tx: Tx, ndaId: number, filled: SignedNdaInput['fields']): Promise<void> {
  if (JSON.stringify(await readSignatureFields(tx.db, ndaId)) !== JSON.stringify(filled))
    throw AppError.nonField('signature_fields_changed', SIGNATURE_FIELD_MESSAGES.changedWhileSigning, 'conflict');
}

/**
 * Builds the sealed PDF with this step last on its timeline and stores it, before the transaction
 * that records the signature (a PDF left by a signature that then loses is removed by the caller).
 * When a timestamp authority is configured and none answers, the file is stored prepared but not
 * sealed (`sealed: false`): the caller queues it on core.seals in the transaction that records the
 * signature, and the NDA is "Signed, seal pending" until the backlog seals it. Answers the blob's key
 * and the stored file's SHA-256, kept with the signature (what /verify matches).
 */
export async function storeSignedPdf(
  core: Core,
  ndaId: number,
  document: SignedNdaInput,
  step: TimelineEntry,
): Promise<{ key: string; sealed: boolean; sha256: string }> {
  const outcome = await core.signing.sign({ ...document, timeline: [...document.timeline, step] });
  if (!outcome.sealed) core.log.warn({ ndaId, err: outcome.failure }, 'seal pending: no timestamp authority answered');
  const key = `ndas/${ndaId}/${outcome.sealed ? 'signed' : 'unsealed'}-${randomToken(9)}.pdf`;
  await core.blobs.put(key, outcome.pdf, 'application/pdf');
  return { key, sealed: outcome.sealed, sha256: sha256(outcome.pdf) };
}
