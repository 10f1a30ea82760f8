import { useEffect, useState } from 'react';
import { refreshAccessToken } from '@client/lib/refresh-access-token';
import { readSession, subscribeSession } from '@client/lib/session-store';
import { createSocket } from '../api/create-socket';
import type { RealtimeState } from './realtime-context';

/**
 * Connects while a user is signed in and disconnects when they sign out. The server refuses an
 * expired token and drops a socket when its token expires: then the token is refreshed (through the
 * same single refresh the API calls share) and the socket reconnects. A token rotated by a refresh
 * elsewhere (another request, another tab) reconnects it with the new token too.
 */
export function useRealtimeSocket(userId: number | null): RealtimeState {
  const [state, setState] = useState<RealtimeState>({ socket: null, connected: false });

  useEffect(() => {
    if (userId === null) return;
    let usedToken = '';
    // One refresh per connection: a socket the server keeps refusing with a fresh token stays down.
    let renewed = false;
    let disposed = false;
    const socket = createSocket(() => {
      usedToken = readSession()?.access ?? '';
      return usedToken;
    });
    const setConnected = (connected: boolean) => setState({ socket, connected });

    const renew = async () => {
      if (renewed) return;
      renewed = true;
      const fresh = await refreshAccessToken(usedToken);
      if (!disposed && fresh && fresh !== usedToken && !socket.active) socket.connect();
    };

    socket.on('connect', () => {
      renewed = false;
      setConnected(true);
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      if (reason === 'io server disconnect') void renew();
    });
    socket.on('connect_error', () => {
      setConnected(false);
      // A refused handshake is not retried by socket.io itself: the token is the likely cause.
      if (!socket.active) void renew();
    });
    const unsubscribe = subscribeSession(() => {
      const token = readSession()?.access;
      if (token && usedToken && token !== usedToken) socket.disconnect().connect();
    });

    setConnected(false);
    socket.connect();
    return () => {
      disposed = true;
      unsubscribe();
      socket.removeAllListeners();
      socket.disconnect();
      setState({ socket: null, connected: false });
    };
  }, [userId]);

  return state;
}
