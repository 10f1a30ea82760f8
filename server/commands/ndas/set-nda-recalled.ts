import { sql } from 'kysely';
import type { EventType } from '@shared/events.js';
import { awaitsCountersignature, canRecall, canRestore, type NdaState } from '@shared/nda-lifecycle.js';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { publishNdaUpdated } from '@server/realtime/publishers/ndas.js';
import { rooms } from '@server/realtime/rooms.js';
import { recordEvent } from '../events/record-event.js';

const MOVES: Record<
  'recall' | 'restore',
  { allowed: (nda: NdaState) => boolean; refused: string; isRecalled: boolean; event: EventType }
> = {
  // An NDA that exists, is not recalled and not signed.
  recall: { allowed: canRecall, refused: NDA_MESSAGES.cannotRecall, isRecalled: true, event: 'nda_recalled' },
  // A recalled NDA that is not signed; it is sent again if it was.
  restore: { allowed: canRestore, refused: NDA_MESSAGES.cannotRestore, isRecalled: false, event: 'nda_restored' },
};

/** Recalls or restores an NDA under a lock on its row, with its event and a live update. */
export async function setNdaRecalled(
  core: Core,
  { actor, ndaId, move, ip }: { actor: Actor; ndaId: number; move: 'recall' | 'restore'; ip?: string },
) {
  const rule = MOVES[move];
  await authorizeNda(core.db, actor, ndaId, 'change');
  return core.tx(async (tx) => {
    const nda = await tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).forUpdate().executeTakeFirst();
    if (!nda) throw AppError.notFound();
    if (!rule.allowed(nda)) throw AppError.nonField('nda_recall_refused', rule.refused);
    // A recall while the countersignature is pending voids the bidder's signature: they sign again after a restore.
    const voids = move === 'recall' && awaitsCountersignature(nda);
    if (voids) {
      await tx.db
        .updateTable('signerships')
        .set({ signedAt: null })
        .where('projectBranchId', '=', nda.projectBranchId!)
        .execute();
      const kept = (nda.recipientParty as { signatureKey?: string } | null)?.signatureKey;
      if (kept) tx.afterCommit(() => core.blobs.delete(kept));
    }
    // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
    const row = await tx.db
      .updateTable('ndas')
      .set({
        isRecalled: rule.isRecalled,
        updatedAt: sql`now()`,
        ...(voids ? { recipientSignedAt: null, recipientSignedById: null, recipientParty: null } : {}),
      })
      .where('id', '=', ndaId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(core, tx, {
      projectId: row.projectId,
      projectBranchId: row.projectBranchId,
      authorId: actor.user.id,
      status: rule.event,
      ndaId: row.id,
      ip,
    });
    const dto = presentNda(row);
    publishNdaUpdated(core, tx, { nda: dto });
    // Whoever follows the NDA is checked against the policies again, which decide what a recall takes away.
    publishAccessChanged(core, tx, {
      rooms: [rooms.nda(row.id), ...(row.projectBranchId ? [rooms.branch(row.projectBranchId)] : [])],
    });
    return dto;
  });
}
