import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { uploadMyImage, useSetCurrentUser } from '@client/features/auth';

/**
 * Saves a PNG as the signed-in user's signature (PATCH /me/1/ with `sign`). On success every screen
 * sees the new signature: the current user, and the company's owner signature.
 */
export function useSaveSignature() {
  const setCurrentUser = useSetCurrentUser();
  const utils = trpc.useUtils();
  return useMutation<CurrentUser, Error, Blob>({
    mutationFn: (png) => uploadMyImage('sign', png, 'signature.png'),
    onSuccess: (user) => {
      setCurrentUser(user);
      void utils.account.company.invalidate();
    },
  });
}
