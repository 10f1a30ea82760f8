import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { recordEvent } from '../events/record-event.js';

/** The first time a signer opens their group's NDA is an event (nda_opened, with the IP, for the certificate). */
export async function recordNdaOpened(
  core: Core,
  { actor, nda, ip }: { actor: Actor; nda: NdaRow; ip: string },
): Promise<void> {
  if (nda.projectBranchId === null) return;
  await core.tx(async (tx) => {
    // Serialise on the signership, so two tabs opening at once record one event.
    const signership = await tx.db
      .selectFrom('signerships')
      .select('id')
      .where('projectBranchId', '=', nda.projectBranchId!)
      .where('userId', '=', actor.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!signership) return;
    const seen = await tx.db
      .selectFrom('events')
      .select('id')
      .where('ndaId', '=', nda.id)
      .where('authorId', '=', actor.user.id)
      .where('status', '=', 'nda_opened')
      .executeTakeFirst();
    if (seen) return;
    await recordEvent(core, tx, {
      projectId: nda.projectId,
      projectBranchId: nda.projectBranchId,
      authorId: actor.user.id,
      status: 'nda_opened',
      ndaId: nda.id,
      ip,
    });
  });
}
