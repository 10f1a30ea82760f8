import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { publishNdaRejected } from '@server/realtime/publishers/ndas.js';
import { loadOwnSignership } from '@server/queries/signing/load-signing.js';
import { recordEvent } from '../events/record-event.js';

/** What a pass answers: the signership, when it passed, and the reason it gave (null for none). */
const answer = (row: { id: number; rejectedAt: Date; rejectionReason: string | null }) => ({
  signership: row.id,
  rejectedAt: row.rejectedAt.toISOString(),
  reason: row.rejectionReason,
});

/**
 * A signer passes on the opportunity (rejects the NDA) while it is not signed, optionally saying why;
 * once is enough (passing again answers the first pass and its reason). It closes the group's
 * negotiation: no thread, reply, move or signature after it.
 */
export async function passOpportunity(
  core: Core,
  { actor, signershipId, reason, ip }: { actor: Actor; signershipId: number; reason: string | null; ip: string },
) {
  const { signership, nda, branch, project } = await loadOwnSignership(core.db, { actor, signershipId });
  return core.tx(async (tx) => {
    // The NDA row first (as signing does): thread changes hold a share lock on it, so none is half-way.
    const current = await tx.db
      .selectFrom('ndas')
      .select(['isSigned'])
      .where('id', '=', nda.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const locked = await tx.db
      .selectFrom('signerships')
      .selectAll()
      .where('id', '=', signership.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (current.isSigned) throw AppError.nonField('nda_already_signed', SIGNING_MESSAGES.alreadySigned);
    if (locked.rejectedAt) return answer({ ...locked, rejectedAt: locked.rejectedAt });
    const rejectedAt = new Date();
    await tx.db
      .updateTable('signerships')
      .set({ rejectedAt, rejectionReason: reason })
      .where('id', '=', signership.id)
      .execute();
    await recordEvent(core, tx, {
      projectId: project.id,
      projectBranchId: branch.id,
      authorId: actor.user.id,
      status: 'nda_rejected',
      ndaId: nda.id,
      ip,
    });
    const payload = {
      nda: nda.id,
      project: project.id,
      projectBranch: branch.id,
      signership: signership.id,
      rejectedAt: rejectedAt.toISOString(),
    };
    publishNdaRejected(core, tx, payload);
    return answer({ id: signership.id, rejectedAt, rejectionReason: reason });
  });
}
