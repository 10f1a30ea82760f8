import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { publishAccessChanged } from '@server/realtime/publishers/access.js';
import { revokeAllSessions } from '../auth/sessions.js';

/**
 * Removes a person from the product: sessions end at once, personal data and images go, the e-mail is
 * freed for a new account. The row stays (anonymised) so history that names its id stays consistent.
 */
export async function deactivateUser(
  core: Core,
  tx: Tx,
  { userId, actingSession }: { userId: number; actingSession?: string },
): Promise<void> {
  const before = await tx.db
    .selectFrom('users')
    .select(['avatarKey', 'signKey'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return;
  await tx.db
    .updateTable('users')
    .set({
      isDeleted: true,
      isActive: false,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: null,
      firstName: '',
      lastName: '',
      location: '',
      linkedinLink: '',
      jobTitle: '',
      avatarKey: null,
      signKey: null,
    })
    .where('id', '=', userId)
    .execute();
  await revokeAllSessions(tx, { userId, realtime: core.realtime, spareSocketsOf: actingSession });
  // The acting session's socket stays open to show the outcome, but in no room of a project.
  publishAccessChanged(core, tx, { users: [userId] });
  await tx.db
    .updateTable('oneTimeTokens')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
  for (const key of [before.avatarKey, before.signKey]) if (key) tx.afterCommit(() => core.blobs.delete(key));
}
