import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { recordEvent } from '../events/record-event.js';

/**
 * A group's first opening of a deal document is the event document_opened ("Kestrel Partners opened
 * the CIM"), by the bidder who opened it, about the document; later openings, by them or another
 * bidder of the group, are engagement only.
 */
export async function recordDocumentOpened(
  core: Core,
  tx: Tx,
  f: { actor: Actor; projectId: number; projectBranchId: number; documentId: number; ip: string },
): Promise<void> {
  const seen = () =>
    tx.db
      .selectFrom('events')
      .select('id')
      .where('projectBranchId', '=', f.projectBranchId)
      .where('status', '=', 'document_opened')
      .where('subjectId', '=', f.documentId)
      .executeTakeFirst();
  if (await seen()) return;
  // Serialise on the group, so two of its bidders opening at once record one event.
  await tx.db.selectFrom('projectBranches').select('id').where('id', '=', f.projectBranchId).forNoKeyUpdate().execute();
  if (await seen()) return;
  await recordEvent(core, tx, {
    projectId: f.projectId,
    projectBranchId: f.projectBranchId,
    authorId: f.actor.user.id,
    status: 'document_opened',
    subjectId: f.documentId,
    ip: f.ip,
  });
}
