import { useCallback } from 'react';
import type { CurrentUser } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { saveUser } from '@client/lib/session-store';

/**
 * Puts a user the server answered with (after a profile, photo or signature change) into the
 * account.me cache and the stored session, so every screen shows it at once without a refetch.
 */
export function useSetCurrentUser(): (user: CurrentUser) => void {
  const utils = trpc.useUtils();
  return useCallback(
    (user: CurrentUser) => {
      utils.account.me.setData(undefined, user);
      saveUser(user);
    },
    [utils],
  );
}
