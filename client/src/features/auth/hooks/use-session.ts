import { useSyncExternalStore } from 'react';
import { readSession, type Session, subscribeSession } from '@client/lib/session-store';

/** The signed-in session, re-rendering on sign-in, token rotation and sign-out (in any tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
