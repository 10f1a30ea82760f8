import { useEffect, useRef } from 'react';
import type { RoomTarget, SubscribeAck } from '@shared/realtime/contract';
import { roomKey, roomMemberships } from '../api/room-memberships';
import { useRealtime } from './realtime-context';

type Joined = (target: RoomTarget, ack: SubscribeAck & { ok: true }) => void;

function parseKey(key: string): RoomTarget {
  const [kind, id] = key.split(':');
  return kind === 'nda' ? { ndaId: Number(id) } : { projectId: Number(id) };
}

/**
 * Keeps this browser in the rooms while the component is mounted: joins them (and again after every
 * reconnect), leaves them on unmount or when the list changes. onJoined runs after each (re)join,
 * for a catch-up of what was missed.
 */
export function useRooms(targets: readonly RoomTarget[], onJoined?: Joined): void {
  const { socket } = useRealtime();
  const joined = useRef(onJoined);
  useEffect(() => {
    joined.current = onJoined;
  });
  const keys = [...new Set(targets.map(roomKey))].sort().join(' ');

  useEffect(() => {
    if (!socket || !keys) return;
    const memberships = roomMemberships(socket);
    const leaves = keys
      .split(' ')
      .map(parseKey)
      .map((target) => memberships.join(target, (ack) => joined.current?.(target, ack)));
    return () => leaves.forEach((leave) => leave());
  }, [socket, keys]);
}

/** useRooms for one room, or none (null) while its id is not known. */
export function useRoom(target: RoomTarget | null, onJoined?: (ack: SubscribeAck & { ok: true }) => void): void {
  useRooms(target ? [target] : [], onJoined && ((_target, ack) => onJoined(ack)));
}
