import type { ReactNode } from 'react';
import { useSession } from '@client/features/auth';
import { RealtimeContext } from '../hooks/realtime-context';
import { useRealtimeSocket } from '../hooks/use-realtime-socket';

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const userId = useSession()?.user.id ?? null;
  const state = useRealtimeSocket(userId);
  return <RealtimeContext.Provider value={state}>{children}</RealtimeContext.Provider>;
}
