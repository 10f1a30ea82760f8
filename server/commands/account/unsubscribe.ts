import { NOTIFICATION_FIELDS, NOTIFICATION_MESSAGES, type NotificationKind } from '@shared/notifications.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';

/**
 * Turns off the kinds of e-mail an unsubscribe link names, for the user it names, without signing in:
 * the link's signature is the authority, and it can do nothing else. Using it again changes nothing.
 */
export async function unsubscribe(core: Core, { input }: { input: { token: string } }) {
  const claims = core.tokens.verifyUnsubscribe(input.token);
  if (!claims) throw AppError.nonField('link_invalid', NOTIFICATION_MESSAGES.invalidLink);
  const off: Partial<Record<(typeof NOTIFICATION_FIELDS)[NotificationKind], false>> = {};
  for (const kind of claims.kinds) off[NOTIFICATION_FIELDS[kind]] = false;
  await core.tx(async (tx) => {
    await tx.db.updateTable('users').set(off).where('id', '=', claims.userId).execute();
    // Nothing already queued of those kinds goes out either.
    await tx.db
      .updateTable('notifications')
      .set({ status: 'skipped' })
      .where('userId', '=', claims.userId)
      .where('status', '=', 'pending')
      .where('kind', 'in', claims.kinds)
      .execute();
  });
  return { kinds: claims.kinds, detail: NOTIFICATION_MESSAGES.unsubscribed(claims.kinds) };
}
