import { restRequest } from '@client/lib/rest';
import type { CurrentUser } from '@client/lib/router-types';

export type MyImageKind = 'avatar' | 'sign';

/**
 * Stores the caller's photo (`avatar`, PNG or JPEG) or signature (`sign`, PNG) through the REST
 * multipart PATCH /me/1/ (the id is ignored: /me is always the caller). Answers the updated user;
 * a refusal throws a RestError whose body carries the field message (413: image too large).
 */
export function uploadMyImage(
  kind: MyImageKind,
  image: Blob,
  filename = kind === 'sign' ? 'signature.png' : 'avatar',
): Promise<CurrentUser> {
  const form = new FormData();
  form.append(kind, image, filename);
  return restRequest<CurrentUser>('PATCH', '/me/1/', { form });
}
