import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNdaNotes } from '@server/policies/negotiation.js';
import { type HeldProposalDto, presentHeldProposal } from '@server/presenters/held-proposal.js';
import { authorNames } from '@server/presenters/thread.js';

/** The proposals of an NDA's threads held for approval, oldest first: its sending team only (404 otherwise). */
export async function listHeldProposals(
  core: Core,
  { actor, ndaId }: { actor: Actor; ndaId: number },
): Promise<HeldProposalDto[]> {
  await authorizeNdaNotes(core.db, actor, ndaId);
  const rows = await core.db
    .selectFrom('heldProposals')
    .innerJoin('commentThreads', 'commentThreads.id', 'heldProposals.commentThreadId')
    .selectAll('heldProposals')
    .where('commentThreads.ndaId', '=', ndaId)
    .orderBy('heldProposals.id')
    .execute();
  const names = await authorNames(
    core.db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => presentHeldProposal(r, ndaId, names));
}
