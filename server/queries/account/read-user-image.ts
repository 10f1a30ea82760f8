import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { canSeeUserImage } from '@server/policies/account.js';
import type { Blob } from '@server/services/blob-store.js';

/** An avatar or signature image; 404 when absent or not the actor's to see. */
export async function readUserImage(
  core: Core,
  { actor, userId, kind }: { actor: Actor; userId: number; kind: 'avatar' | 'sign' },
): Promise<Blob> {
  const user = await core.db
    .selectFrom('users')
    .select(['id', 'companyId', 'avatarKey', 'signKey'])
    .where('id', '=', userId)
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  if (!user || !canSeeUserImage(actor, user, kind)) throw AppError.notFound();
  const key = kind === 'avatar' ? user.avatarKey : user.signKey;
  const blob = key ? await core.blobs.get(key) : null;
  if (!blob) throw AppError.notFound();
  return blob;
}
