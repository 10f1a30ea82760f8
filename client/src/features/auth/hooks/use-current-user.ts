import { useEffect } from 'react';
import { trpc } from '@client/lib/trpc';
import type { CurrentUser } from '@client/lib/router-types';
import { saveUser } from '@client/lib/session-store';
import { useSession } from './use-session';

/**
 * The signed-in user: the stored copy at once, then the server's (which also proves the session is
 * still alive: a dead one ends in a refresh attempt and, failing that, /login).
 */
export function useCurrentUser(): CurrentUser | null {
  const session = useSession();
  const me = trpc.account.me.useQuery(undefined, { enabled: session !== null });
  useEffect(() => {
    if (me.data) saveUser(me.data);
  }, [me.data]);
  if (!session) return null;
  return me.data ?? session.user;
}
