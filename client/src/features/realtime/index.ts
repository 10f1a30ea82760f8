export { LiveIndicator } from './components/LiveIndicator';
export { RealtimeProvider } from './components/RealtimeProvider';
export { useRealtime } from './hooks/realtime-context';
export { type RealtimeSocket } from './api/create-socket';
export { listen, type MessageHandlers } from './api/listen';
export { hasNdaOpen } from './api/room-memberships';
export { useRoom, useRooms } from './hooks/use-room';
