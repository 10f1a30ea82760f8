export { LiveIndicator } from './components/LiveIndicator';
export { RealtimeProvider } from './components/RealtimeProvider';
export { useRealtime } from './hooks/realtime-context';
