import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { trpc } from '@client/lib/trpc';
import { clearSession } from '@client/lib/session-store';

/** Ends the session on the server (best effort), forgets it here and goes to /login. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const mutation = trpc.auth.logout.useMutation();
  const { mutateAsync } = mutation;
  const logout = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      // An already ended session needs no server call to end it; the browser forgets it either way.
    }
    clearSession();
    navigate('/login', { replace: true });
  }, [mutateAsync, navigate]);
  return { logout, pending: mutation.isPending };
}
