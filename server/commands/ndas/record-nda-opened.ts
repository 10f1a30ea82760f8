import { isOutForSignature } from '@shared/nda-lifecycle.js';
import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import type { ProjectAccess } from '@server/policies/project.js';
import { recordEvent } from '../events/record-event.js';

/**
 * Each party's first opening of a group's NDA is an event (nda_opened, with the IP and user agent, for
 * the certificate), and signing or countersigning needs it (refuseUnopened, signing/signing-checks.ts).
 * A signer of the group opens it once it is sent (the policy lets them read it no earlier). The sending
 * side opens what it will countersign: the NDA while it is out for signature or awaits its
 * countersignature, never a draft (its document may still change) nor a signed one (it is final).
 */
export async function recordNdaOpened(
  core: Core,
  { actor, nda, access, ip }: { actor: Actor; nda: NdaRow; access: ProjectAccess; ip: string },
): Promise<void> {
  if (nda.projectBranchId === null) return;
  if (access !== 'signer' && !isOutForSignature(nda)) return;
  await core.tx(async (tx) => {
    // Serialise on the reader, so two tabs opening at once record one event.
    await tx.db.selectFrom('users').select('id').where('id', '=', actor.user.id).forNoKeyUpdate().execute();
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
