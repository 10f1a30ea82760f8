import {
  ACCOUNT_MESSAGES,
  MAX_AVATAR_BYTES,
  MAX_AVATAR_SIZE,
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_SIZE,
} from '@shared/schemas/account.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSignature } from '@server/policies/account.js';
import { presentUser } from '@server/presenters/user.js';
import { sniffMime } from '@server/services/file-sniff.js';
import { imageProblem, type ImageSize } from '@server/services/image-header.js';
import { randomToken } from '@server/services/tokens.js';

export type UserImageKind = 'avatar' | 'sign';

interface ImageRule {
  types: string[];
  maxBytes: number;
  typeMessage: string;
  maxSize: ImageSize;
  sizeMessage: string;
  /** Decoded on the server (signatures are stamped into signed PDFs), so its pixel data is checked too. */
  decoded: boolean;
}

const RULES: Record<UserImageKind, ImageRule> = {
  avatar: {
    types: ['image/png', 'image/jpeg'],
    maxBytes: MAX_AVATAR_BYTES,
    typeMessage: ACCOUNT_MESSAGES.imageType,
    maxSize: MAX_AVATAR_SIZE,
    sizeMessage: ACCOUNT_MESSAGES.imageDimensions,
    decoded: false,
  },
  sign: {
    types: ['image/png'],
    maxBytes: MAX_SIGNATURE_BYTES,
    typeMessage: ACCOUNT_MESSAGES.signatureType,
    maxSize: MAX_SIGNATURE_SIZE,
    sizeMessage: ACCOUNT_MESSAGES.signatureDimensions,
    decoded: true,
  },
};

/**
 * Stores a new avatar or signature, checked by content and by the picture size its header declares
 * (before anything decodes it); the previous file is removed after commit.
 */
export async function setUserImage(
  core: Core,
  { actor, kind, upload: file }: { actor: Actor; kind: UserImageKind; upload: { body: Buffer; tooLarge: boolean } },
) {
  if (kind === 'sign') authorizeSignature(actor);
  const rule = RULES[kind];
  if (file.tooLarge || file.body.length > rule.maxBytes)
    throw AppError.fields('payload_too_large', { [kind]: ACCOUNT_MESSAGES.imageTooLarge }, 'payload_too_large');
  if (file.body.length === 0) throw AppError.fields('image_invalid', { [kind]: 'The submitted file is empty.' });
  const mime = await sniffMime(file.body);
  if (!mime || !rule.types.includes(mime)) throw AppError.fields('image_invalid', { [kind]: rule.typeMessage });
  const problem = await imageProblem(file.body, rule.maxSize, { decoded: rule.decoded });
  if (problem)
    throw AppError.fields('image_invalid', {
      [kind]: problem === 'too_large' ? rule.sizeMessage : ACCOUNT_MESSAGES.imageDamaged,
    });

  const ext = mime === 'image/png' ? 'png' : 'jpg';
  const key = `users/${actor.user.id}/${kind}-${randomToken(9)}.${ext}`;
  await core.blobs.put(key, file.body, mime);
  try {
    return await core.tx(async (tx) => {
      const column = kind === 'avatar' ? 'avatarKey' : 'signKey';
      const before = await tx.db
        .selectFrom('users')
        .select(column)
        .where('id', '=', actor.user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const user = await tx.db
        .updateTable('users')
        .set({ [column]: key })
        .where('id', '=', actor.user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const old = (before as Record<string, string | null>)[column];
      if (old) tx.afterCommit(() => core.blobs.delete(old));
      return presentUser(tx.db, user);
    });
  } catch (err) {
    await core.blobs.delete(key);
    throw err;
  }
}
