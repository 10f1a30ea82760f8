import { useEventsSync } from '../hooks/use-events-sync';

/** Renders nothing: keeps the events, unread counts and tracker live while the user is signed in. */
export function EventsSync() {
  useEventsSync();
  return null;
}
