import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { recordEvent } from '../events/record-event.js';

/**
 * Makes a group's signerships match the users of its signer groups, inside the caller's transaction:
 * a new recipient gets a signership (event recipient_added), one no longer in any of its signer groups
 * loses it (event recipient_removed). Answers who was added and removed.
 */
export async function syncBranchSigners(
  core: Core,
  tx: Tx,
  { branch, authorId, ip }: { branch: { id: number; projectId: number }; authorId: number; ip?: string },
): Promise<{ added: number[]; removed: number[] }> {
  const wanted = await tx.db
    .selectFrom('projectBranchSignerGroups')
    .innerJoin('signerGroupUsers', 'signerGroupUsers.signerGroupId', 'projectBranchSignerGroups.signerGroupId')
    .select('signerGroupUsers.userId')
    .distinct()
    .where('projectBranchSignerGroups.projectBranchId', '=', branch.id)
    .orderBy('signerGroupUsers.userId')
    .execute();
  const current = await tx.db
    .selectFrom('signerships')
    .select(['id', 'userId'])
    .where('projectBranchId', '=', branch.id)
    .forUpdate()
    .execute();
  const wantedIds = new Set(wanted.map((w) => w.userId));
  const currentIds = new Set(current.map((c) => c.userId));
  const added = [...wantedIds].filter((id) => !currentIds.has(id));
  const removed = current.filter((c) => !wantedIds.has(c.userId));

  const ndaId =
    (await tx.db.selectFrom('ndas').select('id').where('projectBranchId', '=', branch.id).executeTakeFirst())?.id ??
    null;
  const event = { projectId: branch.projectId, projectBranchId: branch.id, authorId, ndaId, ip };
  for (const userId of added) {
    await tx.db
      .insertInto('signerships')
      .values({ projectBranchId: branch.id, userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await recordEvent(core, tx, { ...event, status: 'recipient_added', subjectId: userId });
  }
  if (removed.length) {
    await tx.db
      .deleteFrom('signerships')
      .where(
        'id',
        'in',
        removed.map((r) => r.id),
      )
      .execute();
    for (const r of removed)
      await recordEvent(core, tx, { ...event, status: 'recipient_removed', subjectId: r.userId });
    // Their open sockets leave the group's and its NDA's rooms once this commits.
    publishAccessChanged(core, tx, { users: removed.map((r) => r.userId) });
  }
  return { added, removed: removed.map((r) => r.userId) };
}
