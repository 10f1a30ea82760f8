import type { ServerMessage, ServerToClientEvents } from '@shared/realtime/contract';
import type { RealtimeSocket } from './create-socket';

/** Handlers of server messages by name, each typed by the contract. */
export type MessageHandlers = { [M in ServerMessage]?: ServerToClientEvents[M] };

/** Listens to every message of the map; answers the function that stops. */
export function listen(socket: RealtimeSocket, handlers: MessageHandlers): () => void {
  // The map's keys and values belong together by its type; socket.on cannot see that through a loop.
  const entries = Object.entries(handlers) as Array<[ServerMessage, ServerToClientEvents[ServerMessage]]>;
  for (const [message, handler] of entries) socket.on(message, handler);
  return () => {
    for (const [message, handler] of entries) socket.off(message, handler);
  };
}
