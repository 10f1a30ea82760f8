import { createContext, useContext } from 'react';
import type { RealtimeSocket } from '../api/create-socket';

export interface RealtimeState {
  socket: RealtimeSocket | null;
  connected: boolean;
}

export const RealtimeContext = createContext<RealtimeState>({ socket: null, connected: false });

/** The signed-in user's socket (joined to their user room by the server) and whether it is live. */
export function useRealtime(): RealtimeState {
  return useContext(RealtimeContext);
}
