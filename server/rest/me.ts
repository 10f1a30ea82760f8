import type { FastifyInstance } from 'fastify';
import { deleteAccountInput, MAX_AVATAR_BYTES, profileUpdateInput } from '@shared/schemas/account.js';
import { deleteAccount } from '../commands/account/delete-account.js';
import { setUserImage, type UserImageKind } from '../commands/account/set-user-image.js';
import { updateProfile } from '../commands/account/update-profile.js';
import type { Core } from '../core.js';
import { AppError, fromZodError } from '../errors.js';
import { presentUser } from '../presenters/user.js';
import { readUserImage } from '../queries/account/read-user-image.js';
import { sendBlob } from './blob-reply.js';
import { camelizeKeys } from '../case.js';
import { readMultipart } from './multipart.js';
import { idParam } from './params.js';
import { route } from './route.js';

/**
 * /me is the caller's own profile: the id in /me/{id}/ is accepted for the spec's client and ignored
 * (PATCH /me/1/ means "me"). Images are per user: /me/{userId}/avatar/ and /me/{userId}/sign/.
 */
export function meRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/me/get_my_sign/',
    summary: 'Answers the saved signature image of the caller.',
    auth: 'required',
    produces: 'image/png',
    handler: async (_i, a, { reply }) =>
      sendBlob(reply, await readUserImage(core, { actor: a, userId: a.user.id, kind: 'sign' }), 'signature.png'),
  });
  route(app, core, {
    method: 'GET',
    url: '/me/:id/',
    summary: 'Answers the profile of the caller.',
    description: 'The id in the path is ignored: the answer is always the profile of the caller.',
    auth: 'required',
    handler: (_i, a) => presentUser(core.db, a.user),
  });
  route(app, core, {
    method: 'POST',
    url: '/me/delete-my-account/',
    statuses: [429],
    summary: 'Deletes the account of the caller after checking their password.',
    description:
      'Deleting an account owner also removes every team member of the company. Attempts are rate-limited per e-mail and per IP address; over the limit the call answers 429 with a Retry-After header.',
    auth: 'required',
    input: deleteAccountInput,
    handler: (i, a, m) => deleteAccount(core, { actor: a, input: i, ip: m.ip }),
  });

  for (const kind of ['avatar', 'sign'] as const) {
    route(app, core, {
      method: 'GET',
      url: `/me/:id/${kind}/`,
      summary: kind === 'sign' ? 'Answers the saved signature image of a user.' : 'Answers the avatar image of a user.',
      description:
        kind === 'sign'
          ? 'A signature is seen only by its owner; anyone else gets 404.'
          : 'An avatar is seen by its owner and by people of the same company; anyone else gets 404.',
      auth: 'required',
      produces: kind === 'sign' ? 'image/png' : 'image/*',
      handler: async (_i, a, { req, reply }) =>
        sendBlob(
          reply,
          await readUserImage(core, { actor: a, userId: idParam(req), kind }),
          kind === 'sign' ? 'signature.png' : 'avatar',
        ),
    });
  }

  // JSON updates the profile; multipart form data carries `avatar` and/or `sign` images (and may carry profile fields).
  route(app, core, {
    method: 'PATCH',
    url: '/me/:id/',
    summary: 'Updates the profile of the caller, and with multipart form data their avatar and signature images.',
    description:
      'The id in the path is ignored: the caller is updated. The avatar is a PNG or JPEG image of at most 2 MiB, the signature a PNG image of at most 512 KiB; team members may not set a signature (403).',
    auth: 'required',
    form: { fields: profileUpdateInput, files: ['avatar', 'sign'] },
    handler: async (_i, actor, { req }) => {
      let fields: unknown = req.body ?? {};
      let user = null;
      if (req.isMultipart()) {
        const form = await readMultipart(req, MAX_AVATAR_BYTES);
        for (const kind of ['avatar', 'sign'] as UserImageKind[]) {
          const file = form.files[kind];
          if (file) user = await setUserImage(core, { actor, kind, upload: file });
        }
        fields = form.fields;
        if (!user && Object.keys(form.fields).length === 0)
          throw AppError.fields('image_invalid', { avatar: 'Select an image to upload.' });
      }
      const parsed = profileUpdateInput.safeParse(camelizeKeys(fields));
      if (!parsed.success) throw fromZodError(parsed.error);
      if (Object.keys(parsed.data).length || !user) return updateProfile(core, { actor, input: parsed.data });
      return user;
    },
  });
}
